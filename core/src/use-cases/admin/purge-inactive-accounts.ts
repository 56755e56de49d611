import { err, ok, type Result } from '../../errors.js';
import type { Actor } from '../../orders/actor.js';
import type { Clock } from '../../ports/clock.js';
import type { InactiveAccounts } from '../../ports/inactive-accounts.js';
import type { Random } from '../../ports/random.js';
import { adminOf } from './admin-caller.js';

/** PRODUCT-DECISIONS and spec section 9: no sign-in for 6 months. */
export const INACTIVE_AFTER_MONTHS = 6;

/** The moment before which an account's last sign-in makes it inactive (calendar months, UTC). */
export function inactivityCutoff(now: Date): Date {
  const cutoff = new Date(now.getTime());
  const day = cutoff.getUTCDate();
  cutoff.setUTCDate(1);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - INACTIVE_AFTER_MONTHS);
  // 31 August - 6 months is the last day of February, not 3 March.
  const lastDay = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0)).getUTCDate();
  cutoff.setUTCDate(Math.min(day, lastDay));
  return cutoff;
}

export interface PurgeReport {
  readonly cutoff: Date;
  readonly dryRun: boolean;
  readonly anonymised: readonly { readonly userId: string; readonly email: string; readonly businessName: string | null; readonly orders: number }[];
  readonly kept: readonly { readonly userId: string; readonly email: string; readonly reason: 'signed_in' | 'open_orders' | 'admin' | 'gone'; readonly openOrders: number }[];
  /** Stored files (photo and logo URLs) no longer referenced, for the app to delete. */
  readonly files: readonly string[];
}

/**
 * The scheduled inactive-account job (`escrow-admin purge-inactive`): every account with no
 * sign-in for 6 months loses its personal data (e-mail, password, sessions, seller profile,
 * riders, and its orders' buyer and rider details); the orders, the ledger and the audit
 * trails stay, anonymised, so money history never changes. Kept: admins (the super admin
 * manages them) and sellers with orders still open (escrow held, a settlement owed). Each
 * account is its own transaction with its own audit row; `dryRun` only reports.
 */
export async function purgeInactiveAccounts(
  deps: { readonly accounts: InactiveAccounts; readonly clock: Clock; readonly random: Random },
  args: { actor: Actor; dryRun: boolean },
): Promise<Result<PurgeReport>> {
  const admin = adminOf(args.actor);
  if (!admin) return err('FORBIDDEN');
  const now = deps.clock.now();
  const cutoff = inactivityCutoff(now);
  const anonymised: PurgeReport['anonymised'][number][] = [];
  const kept: PurgeReport['kept'][number][] = [];
  const files: string[] = [];
  for (const account of await deps.accounts.candidates(cutoff)) {
    const refusal = account.isAdmin ? 'admin' : account.openOrders > 0 ? 'open_orders' : null;
    if (refusal) {
      kept.push({ userId: account.userId, email: account.email, reason: refusal, openOrders: account.openOrders });
      continue;
    }
    if (args.dryRun) {
      anonymised.push({ userId: account.userId, email: account.email, businessName: account.businessName, orders: account.orders });
      continue;
    }
    const outcome = await deps.accounts.anonymise(account.userId, {
      cutoff,
      at: now,
      audit: {
        id: deps.random.uuid(),
        actor: admin.audit,
        action: 'purge_inactive_account',
        subjectType: 'user',
        subjectId: account.userId,
        // No personal data in the audit row: it outlives the account.
        before: { lastActiveAt: account.lastActiveAt.toISOString(), sellerId: account.sellerId, orders: account.orders },
        after: { anonymisedAt: now.toISOString() },
        at: now,
      },
    });
    if (outcome.anonymised) {
      anonymised.push({ userId: account.userId, email: account.email, businessName: account.businessName, orders: outcome.orders });
      files.push(...outcome.files);
    } else {
      kept.push({ userId: account.userId, email: account.email, reason: outcome.reason, openOrders: account.openOrders });
    }
  }
  return ok({ cutoff, dryRun: args.dryRun, anonymised, kept, files });
}
