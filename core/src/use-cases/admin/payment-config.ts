import { err, ok, type Result } from '../../errors.js';
import type { Actor } from '../../orders/actor.js';
import type { AdminQueries, SavedPaymentConfig } from '../../ports/admin-queries.js';
import type { AdminTx } from '../../ports/admin-store.js';
import type { ChangeOptions } from '../../ports/idempotency-store.js';
import { textsFor } from '../../messages/recipient-texts.js';
import { parseOrFirstError } from '../../validation/first-error.js';
import { paymentConfigSchema } from '../../validation/payment-config.js';
import type { PaybillDestination } from '../../views/buyer-order-view.js';
import type { AdminDeps } from './admin-deps.js';
import { adminOf, publishAdminEvents } from './admin-caller.js';

/** The operator's fallback Paybill (API environment), used until an admin saves one. */
export interface PaymentConfigDefaults {
  readonly businessNumber?: string | undefined;
  readonly accountNumber?: string | undefined;
  readonly accountName?: string | undefined;
}

/** The Paybill in force and where it comes from: saved by an admin, or the operator's defaults (fields may be unset). */
export interface EffectivePaymentConfig {
  readonly businessNumber: string | null;
  readonly accountNumber: string | null;
  readonly accountName: string | null;
  readonly updatedAt: Date | null;
  readonly updatedBy: string | null;
  readonly updatedByEmail: string | null;
  readonly source: 'saved' | 'default';
}

export function effectivePaymentConfig(saved: SavedPaymentConfig | null, defaults: PaymentConfigDefaults): EffectivePaymentConfig {
  if (saved) return { ...saved, source: 'saved' };
  return {
    businessNumber: defaults.businessNumber ?? null,
    accountNumber: defaults.accountNumber ?? null,
    accountName: defaults.accountName ?? null,
    updatedAt: null,
    updatedBy: null,
    updatedByEmail: null,
    source: 'default',
  };
}

/**
 * Where buyers pay: the saved Paybill, else the operator's defaults. Buyers always use the
 * order's tracking number as the account number (PRODUCT-DECISIONS: it is what matches a
 * payment to its order), so only the business number and the account name come from here.
 */
export function buyerPaybill(saved: SavedPaymentConfig | null, defaults: PaymentConfigDefaults): PaybillDestination {
  const config = effectivePaymentConfig(saved, defaults);
  return { businessNumber: config.businessNumber ?? undefined, accountName: config.accountName ?? undefined };
}

/** The Admin tab and the Payment Configuration dialog: the Paybill in force. */
export async function getPaymentConfig(
  deps: { readonly adminQueries: AdminQueries },
  args: { actor: Actor; defaults: PaymentConfigDefaults },
): Promise<Result<EffectivePaymentConfig>> {
  if (!adminOf(args.actor)) return err('FORBIDDEN');
  return ok(effectivePaymentConfig(await deps.adminQueries.paymentConfig(), args.defaults));
}

/**
 * Saves the Paybill shown to every buyer. All three fields are required and trimmed ('Please
 * fill in all payment information'), then checked for format. In one transaction: the three
 * values, an audit row with the values before and after, and an e-mail to every admin (a
 * changed Paybill redirects buyers' money, so no change may go unnoticed). Saving the values
 * already in force changes nothing and tells nobody.
 */
export async function updatePaymentConfig(deps: AdminDeps, args: { actor: Actor; input: unknown }, options: ChangeOptions<Result<EffectivePaymentConfig>> = {}): Promise<Result<EffectivePaymentConfig>> {
  const admin = adminOf(args.actor);
  if (!admin) return err('FORBIDDEN');
  const parsed = parseOrFirstError(paymentConfigSchema, args.input);
  if (!parsed.ok) return err('VALIDATION_FAILED', { message: parsed.message });
  const next = parsed.value;
  const now = deps.clock.now();
  let changed = false;
  const saved = await deps.adminStore.transaction(async (tx): Promise<Result<EffectivePaymentConfig>> => {
    const before = await tx.paymentConfig.get();
    if (before && before.businessNumber === next.businessNumber && before.accountNumber === next.accountNumber && before.accountName === next.accountName) {
      return ok(effectivePaymentConfig(before, {}));
    }
    changed = true;
    await tx.paymentConfig.save(next, admin.userId, now);
    const values = (c: SavedPaymentConfig | null) => (c ? { businessNumber: c.businessNumber, accountNumber: c.accountNumber, accountName: c.accountName } : null);
    await tx.audit.append({
      id: deps.random.uuid(),
      actor: admin.audit,
      action: 'update_payment_config',
      subjectType: 'payment_config',
      subjectId: null,
      before: values(before),
      after: { ...next },
      at: now,
    });
    await announceToAdmins(deps, tx, { before, after: next, byUserId: admin.userId, at: now });
    const after = await tx.paymentConfig.get();
    if (!after) throw new Error('the payment configuration vanished inside its transaction');
    return ok(effectivePaymentConfig(after, {}));
  }, options);
  if (changed) await publishAdminEvents(deps, [{ type: 'payment_config.changed', at: now.toISOString() }]);
  return saved;
}

async function announceToAdmins(
  deps: Pick<AdminDeps, 'random'>,
  tx: AdminTx,
  change: { before: SavedPaymentConfig | null; after: { businessNumber: string; accountNumber: string; accountName: string }; byUserId: string; at: Date },
): Promise<void> {
  const admins = await tx.admins.list();
  const by = admins.find((a) => a.userId === change.byUserId)?.email ?? null;
  for (const recipient of admins) {
    // Each admin reads it in their account's language (decision 0066).
    const { subject, body } = textsFor(recipient.locale).adminEmails.paybillChanged({ by, at: change.at, before: change.before, after: change.after });
    await tx.outbox.enqueue({
      id: deps.random.uuid(),
      topic: 'notification',
      payload: { channel: 'email', to: recipient.email, subject, body },
      createdAt: change.at,
      attempts: 0,
      nextAttemptAt: change.at,
      deliveredAt: null,
      lastError: null,
    });
  }
}
