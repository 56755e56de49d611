import { z } from 'zod';
import { whenFieldsValid } from './fields.js';
import { validationMessages } from './messages.js';
import { paymentNumberInputFor } from './payment-number.js';
import { normalizeKenyanPhone } from './phone.js';

const m = validationMessages.seller;

/** Where a seller's payouts go (decision 0049): the kinds of the payout port's destination. */
export const PAYOUT_DETAILS_METHODS = ['mpesa_phone', 'paybill', 'till'] as const;
export type PayoutDetailsMethod = (typeof PAYOUT_DETAILS_METHODS)[number];

/** Daraja B2B's AccountReference takes at most 13 characters (the Daraja fact sheet, section 6). */
export const MAX_ACCOUNT_REFERENCE_LENGTH = 13;

// Safaricom business short codes (Paybill and Till/Buy Goods): 5 to 7 digits, the rule the
// sign-up form and the admin's Paybill already use (the fact sheet gives no length).
const SHORT_CODE = /^\d{5,7}$/;
// What a Paybill's account field takes in practice: bank account numbers, meter and customer
// numbers. Nothing that could break out of a CSV cell, an email line or Daraja's JSON.
const ACCOUNT_REFERENCE = new RegExp(`^[A-Za-z0-9][A-Za-z0-9 ./-]{0,${MAX_ACCOUNT_REFERENCE_LENGTH - 1}}$`);

/** The destination a seller asked for, in its stored form; the fields of other methods are null. */
export interface PayoutDetailsChoice {
  readonly method: PayoutDetailsMethod;
  /** E.164, for `mpesa_phone`. */
  readonly phone: string | null;
  readonly paybillNumber: string | null;
  readonly accountReference: string | null;
  readonly tillNumber: string | null;
}

// Each field is a string or absent: only the chosen method's fields are read, so a form may
// send the others as it holds them (typed in, then the method changed).
const looseText = z
  .string({ error: validationMessages.common.invalidInput })
  .max(100, { error: validationMessages.common.invalidInput })
  .nullish()
  .transform((value) => (value ?? '').trim());

function checkDestination(value: { method: PayoutDetailsMethod; phone: string; paybillNumber: string; accountReference: string; tillNumber: string }, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', message, path: [path] });
  if (value.method === 'mpesa_phone') {
    if (normalizeKenyanPhone(value.phone) === null) issue('phone', m.mpesaPhoneInvalid);
  } else if (value.method === 'paybill') {
    if (!SHORT_CODE.test(value.paybillNumber)) issue('paybillNumber', paymentNumberInputFor('paybill').invalidMessage);
    if (value.accountReference === '') issue('accountReference', m.accountReferenceRequired);
    else if (!ACCOUNT_REFERENCE.test(value.accountReference)) issue('accountReference', m.accountReferenceInvalid);
  } else if (!SHORT_CODE.test(value.tillNumber)) {
    issue('tillNumber', paymentNumberInputFor('till_number').invalidMessage);
  }
}

/**
 * The profile's Payout details form (decision 0049): a method, that method's number(s) and the
 * account's password. The same schema checks the form in the browser and the request on the
 * server; the password is checked against the account by the use case, never here.
 */
export const sellerPayoutDetailsSchema = z
  .object({
    method: z.enum(PAYOUT_DETAILS_METHODS, { error: m.payoutMethodRequired }),
    phone: looseText,
    paybillNumber: looseText,
    accountReference: looseText,
    tillNumber: looseText,
    currentPassword: z.string({ error: m.payoutPasswordRequired }).min(1, { error: m.payoutPasswordRequired }).max(1_000, { error: m.payoutPasswordRequired }),
  })
  .superRefine(checkDestination, { when: whenFieldsValid('method', 'phone', 'paybillNumber', 'accountReference', 'tillNumber') })
  .transform(({ currentPassword, ...v }): { details: PayoutDetailsChoice; currentPassword: string } => ({
    currentPassword,
    details: {
      method: v.method,
      phone: v.method === 'mpesa_phone' ? normalizeKenyanPhone(v.phone) : null,
      paybillNumber: v.method === 'paybill' ? v.paybillNumber : null,
      accountReference: v.method === 'paybill' ? v.accountReference : null,
      tillNumber: v.method === 'till' ? v.tillNumber : null,
    },
  }));

export type SellerPayoutDetailsInput = z.input<typeof sellerPayoutDetailsSchema>;
export type SellerPayoutDetailsOutput = z.output<typeof sellerPayoutDetailsSchema>;

/**
 * A phone as a payout notice shows it: `07xx xxx 678` (the national form, only the last three
 * digits). Enough for the owner to recognise their number, not enough to learn it.
 */
export function maskPayoutPhone(e164: string): string {
  const national = normalizeKenyanPhone(e164);
  if (national === null) return 'xxx';
  const digits = `0${national.slice(4)}`;
  return `${digits.slice(0, 2)}xx xxx ${digits.slice(-3)}`;
}

/** An account number as a payout notice shows it: its last three characters (`…789`). */
export function maskAccountReference(reference: string): string {
  return reference.length <= 3 ? reference : `…${reference.slice(-3)}`;
}
