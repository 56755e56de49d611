import type { SellerProfile, SellerProfileChanges } from '../../accounts/account-records.js';
import { err, ok, type Result } from '../../errors.js';
import { payoutDetailsFromSignup } from '../../payouts/seller-payout-details.js';
import type { z } from 'zod';
import { parseOrFirstError } from '../../validation/first-error.js';
import { sellerAboutSchema } from '../../validation/seller-about.js';
import { sellerBusinessDetailsSchema } from '../../validation/seller-business-details.js';
import { validationMessages } from '../../validation/messages.js';
import { sellerNotificationsSchema } from '../../validation/seller-notifications.js';
import { sellerSignupSchema } from '../../validation/seller-signup.js';
import type { AccountsDeps } from './accounts-deps.js';

/**
 * The seller record belongs to one account and is only ever found through the caller's own
 * user id (from the session), never through an id in the request: a seller cannot even
 * name another seller's record.
 */
type Caller = { readonly userId: string };

const validCaller = (args: unknown): args is Caller =>
  typeof args === 'object' && args !== null && typeof (args as Caller).userId === 'string' && (args as Caller).userId !== '';

/** The admin screen updates live on seller changes (spec section 2). */
export async function publishSellerChanged(deps: Pick<AccountsDeps, 'events'>, sellerId: string, at: Date, change: 'created' | 'updated' = 'updated'): Promise<void> {
  if (!deps.events) return;
  try {
    await deps.events.publish([{ type: 'seller.changed', sellerId, change, at: at.toISOString() }]);
  } catch {
    // Live screens also re-fetch; the change itself is committed.
  }
}

/** /seller/signup: creates the caller's seller record (spec section 5), recording when the terms were accepted. */
export async function createSellerProfile(
  deps: Pick<AccountsDeps, 'store' | 'clock' | 'random' | 'events'>,
  args: Caller & { input: unknown },
): Promise<Result<SellerProfile>> {
  if (!validCaller(args)) return err('UNAUTHENTICATED');
  const parsed = parseOrFirstError(sellerSignupSchema, args.input);
  if (!parsed.ok) return err('VALIDATION_FAILED', { message: parsed.message });
  const input = parsed.value;
  const now = deps.clock.now();
  const result = await deps.store.transaction(async (tx): Promise<Result<SellerProfile>> => {
    const user = await tx.users.get(args.userId);
    if (!user) return err('UNAUTHENTICATED');
    const profile: SellerProfile = {
      id: deps.random.uuid(),
      userId: user.id,
      businessName: input.businessName,
      businessProfile: input.businessProfile,
      location: input.location,
      phone: input.phone,
      whatsapp: input.whatsapp,
      logoUrl: null,
      about: input.about,
      paymentMethod: input.paymentMethod,
      paymentNumber: input.paymentNumber,
      termsAccepted: true,
      termsAcceptedAt: now,
      email: user.email,
      // Both until the seller chooses (decision 0048): the migration gave existing sellers the same.
      notifyBySms: true,
      notifyByEmail: true,
      // Where payouts go starts as the sign-up form's method and number, unheld (decision 0049).
      payoutDetails: payoutDetailsFromSignup(input.paymentMethod, input.paymentNumber),
      createdAt: now,
      updatedAt: now,
    };
    if (!(await tx.sellers.insert(profile))) return err('SELLER_ALREADY_EXISTS');
    return ok(profile);
  });
  if (result.ok) await publishSellerChanged(deps, result.value.id, now, 'created');
  return result;
}

/** The caller's own seller record; SELLER_NOT_FOUND before onboarding. */
export async function getOwnSellerProfile(deps: Pick<AccountsDeps, 'store'>, args: Caller): Promise<Result<SellerProfile>> {
  if (!validCaller(args)) return err('UNAUTHENTICATED');
  const profile = await deps.store.read((tx) => tx.sellers.findByUserId(args.userId));
  return profile ? ok(profile) : err('SELLER_NOT_FOUND');
}

/** Applies one section's changes to the caller's own record. */
export async function updateOwnSeller(
  deps: Pick<AccountsDeps, 'store' | 'clock' | 'events'>,
  userId: string,
  changes: SellerProfileChanges,
): Promise<Result<SellerProfile>> {
  const now = deps.clock.now();
  const updated = await deps.store.transaction((tx) => tx.sellers.updateOwn(userId, changes, now));
  if (!updated) return err('SELLER_NOT_FOUND');
  await publishSellerChanged(deps, updated.id, now);
  return ok(updated);
}

function sectionUpdate<S extends z.ZodType>(schema: S, toChanges: (value: z.output<S>) => SellerProfileChanges) {
  return async (deps: Pick<AccountsDeps, 'store' | 'clock' | 'events'>, args: Caller & { input: unknown }): Promise<Result<SellerProfile>> => {
    if (!validCaller(args)) return err('UNAUTHENTICATED');
    const parsed = parseOrFirstError(schema, args.input);
    if (!parsed.ok) return err('VALIDATION_FAILED', { message: parsed.message });
    return updateOwnSeller(deps, args.userId, toChanges(parsed.value));
  };
}

/** Business Details: name, location, phone, WhatsApp (empty saved as null). */
export const updateSellerBusinessDetails = sectionUpdate(sellerBusinessDetailsSchema, (v) => ({
  businessName: v.businessName,
  location: v.location,
  phone: v.phone,
  whatsapp: v.whatsapp,
}));

/** About Your Business (empty saved as null). */
export const updateSellerAbout = sectionUpdate(sellerAboutSchema, (v) => ({ about: v.about }));


/**
 * Notifications (decision 0048): SMS, email or both. Email alone needs the account's address
 * (read under the row lock with the change, so the check and the write see the same record).
 */
export async function updateSellerNotifications(
  deps: Pick<AccountsDeps, 'store' | 'clock' | 'events'>,
  args: Caller & { input: unknown },
): Promise<Result<SellerProfile>> {
  if (!validCaller(args)) return err('UNAUTHENTICATED');
  const parsed = parseOrFirstError(sellerNotificationsSchema, args.input);
  if (!parsed.ok) return err('VALIDATION_FAILED', { message: parsed.message });
  const { notifyBySms, notifyByEmail } = parsed.value;
  const now = deps.clock.now();
  const result = await deps.store.transaction(async (tx): Promise<Result<SellerProfile>> => {
    const current = await tx.sellers.lockByUserId(args.userId);
    if (!current) return err('SELLER_NOT_FOUND');
    if (!notifyBySms && current.email === null) return err('VALIDATION_FAILED', { message: validationMessages.seller.notifyEmailMissing });
    const updated = await tx.sellers.updateOwn(args.userId, { notifyBySms, notifyByEmail }, now);
    return updated ? ok(updated) : err('SELLER_NOT_FOUND');
  });
  if (result.ok) await publishSellerChanged(deps, result.value.id, now);
  return result;
}
