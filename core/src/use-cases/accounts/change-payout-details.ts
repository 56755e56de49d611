import type { SellerProfile } from '../../accounts/account-records.js';
import type { Locale } from '../../i18n/locale.js';
import { textsFor } from '../../messages/recipient-texts.js';
import { err, ok, type Result } from '../../errors.js';
import { legacyPaymentFields, PAYOUT_DETAILS_HOLD_MS, samePayoutDetails } from '../../payouts/seller-payout-details.js';
import { parseOrFirstError } from '../../validation/first-error.js';
import { sellerPayoutDetailsSchema } from '../../validation/seller-payout-details.js';
import { enqueueNotification } from '../enqueue-notification.js';
import type { AccountsDeps } from './accounts-deps.js';
import { publishSellerChanged } from './seller-profile.js';

/**
 * The profile's Payout details (decision 0049; product decisions: payout details are guarded).
 * The account's password must be given again and right ('Current password is incorrect';
 * nothing changes). In one transaction, under the seller's row lock: the new destination with
 * `changedAt` = now (payouts to it wait 24 hours, see sellerPayoutDestination), the spec's
 * payment method and number following it, and an email to the account's address saying what
 * the details are now (masked), when payouts to them start, and what to do if it was not the
 * owner. Always emailed, whatever the seller chose for order notifications. Saving the details
 * already in force changes nothing, holds nothing and emails nobody (a double submit is harmless).
 * The email is in the request's language (`locale`), else the account's (decision 0066).
 */
export async function changeSellerPayoutDetails(deps: AccountsDeps, args: { userId: string; input: unknown; locale?: Locale }): Promise<Result<SellerProfile>> {
  if (typeof args?.userId !== 'string' || args.userId === '') return err('UNAUTHENTICATED');
  const parsed = parseOrFirstError(sellerPayoutDetailsSchema, args.input);
  if (!parsed.ok) return err('VALIDATION_FAILED', { message: parsed.message });
  const { details, currentPassword } = parsed.value;

  const found = await deps.store.read(async (tx) => ({ user: await tx.users.get(args.userId), seller: await tx.sellers.findByUserId(args.userId) }));
  if (!found.user) return err('UNAUTHENTICATED');
  if (!found.seller) return err('SELLER_NOT_FOUND');
  const user = found.user;
  // Without a password nothing proves it is the owner at the keyboard: a reset code by email sets one first (decision 0060).
  if (user.passwordHash === null) return err('PASSWORD_NOT_SET');
  if (!(await deps.passwords.verify(user.passwordHash, currentPassword))) return err('CURRENT_PASSWORD_INCORRECT');

  const now = deps.clock.now();
  let changed = false;
  const result = await deps.store.transaction(async (tx): Promise<Result<SellerProfile>> => {
    const current = await tx.sellers.lockByUserId(user.id);
    if (!current) return err('SELLER_NOT_FOUND');
    // The password changed (a reset) since it was checked: what was typed is no longer it.
    const account = await tx.users.get(user.id);
    if (!account || account.passwordHash !== user.passwordHash) return err('CURRENT_PASSWORD_INCORRECT');
    if (samePayoutDetails(current.payoutDetails, details)) return ok(current);
    const updated = await tx.sellers.updateOwn(user.id, { payoutDetails: { ...details, changedAt: now }, ...legacyPaymentFields(details) }, now);
    if (!updated) return err('SELLER_NOT_FOUND');
    await enqueueNotification(deps, tx, textsFor(args.locale ?? account.locale).accountEmails.payoutDetailsChanged({ to: account.email, details, changedAt: now, heldUntil: new Date(now.getTime() + PAYOUT_DETAILS_HOLD_MS) }), now);
    changed = true;
    return ok(updated);
  });
  if (result.ok && changed) await publishSellerChanged(deps, result.value.id, now);
  return result;
}
