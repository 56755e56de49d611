import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { findShortCode } from '../config/resolve-options.js';
import { DARAJA_ERRORS, sendDarajaError, type DarajaFailure } from '../http/daraja-errors.js';
import { httpUrlField, msisdnField, numericText, optionalText, readFields, remarksField, requiredText, shortCodeField, wholeShillingsField } from '../http/fields.js';
import { readJsonObject } from '../http/read-json-object.js';
import type { SimWorld } from '../sim-world.js';
import type { NewPayout } from './payout-book.js';

// In the documented order: Daraja names the first bad field.
const B2C_FIELDS = {
  OriginatorConversationID: requiredText(100),
  InitiatorName: requiredText(100),
  // The simulator cannot check an RSA-encrypted initiator password; it only needs one.
  SecurityCredential: z.string().min(1),
  CommandID: z.enum(['BusinessPayment', 'SalaryPayment', 'PromotionPayment']),
  Amount: wholeShillingsField,
  PartyA: shortCodeField,
  PartyB: msisdnField,
  Remarks: remarksField,
  QueueTimeOutURL: httpUrlField,
  ResultURL: httpUrlField,
  Occasion: optionalText(100),
};

// v1 (older libraries) has no OriginatorConversationID: Daraja makes one up.
const B2C_V1_FIELDS = { ...B2C_FIELDS, OriginatorConversationID: optionalText(100) };

const B2B_FIELDS = {
  // Not in B2B's documented request; taken when sent, so a payout is keyed the same way as B2C.
  OriginatorConversationID: optionalText(100),
  Initiator: requiredText(100),
  SecurityCredential: z.string().min(1),
  CommandID: z.enum(['BusinessPayBill', 'BusinessBuyGoods']),
  SenderIdentifierType: numericText(/^4$/),
  // Sic: "Reciever". "4" per the fact sheet; some libraries send "2" for a till.
  RecieverIdentifierType: numericText(/^[24]$/),
  Amount: wholeShillingsField,
  PartyA: shortCodeField,
  PartyB: shortCodeField,
  AccountReference: optionalText(13),
  Requester: z.union([z.null(), z.undefined(), z.literal(''), msisdnField]),
  Remarks: remarksField,
  QueueTimeOutURL: httpUrlField,
  ResultURL: httpUrlField,
  Occasion: optionalText(100),
};

const ACCEPTED = 'Accept the service request successfully.';

/** Libraries send both spellings of Occasion; the documented one wins. */
const withOccasion = (body: Record<string, unknown>) => ({ ...body, Occasion: body.Occasion ?? body.Occassion });

/**
 * B2C (v3, and v1 for older libraries) and B2B payment requests: validate, refuse a repeated
 * OriginatorConversationID with 500.002.1001 (it never pays twice), accept at once, and POST the
 * Result to ResultURL later (or a notice to QueueTimeOutURL), as the receiver's behaviour says.
 */
export function payoutRoutes(world: SimWorld): Hono {
  const fail = (c: Context, error: DarajaFailure) => sendDarajaError(c, world.requestIds, error);

  const accept = (c: Context, payout: Omit<NewPayout, 'merchant'> & { partyA: string }) => {
    const merchant = findShortCode(world.options, payout.partyA);
    if (!merchant) return fail(c, DARAJA_ERRORS.merchantDoesNotExist);
    const answer = world.payouts.request({ ...payout, merchant });
    if (answer.kind === 'duplicate') return fail(c, DARAJA_ERRORS.duplicateOriginatorConversationId);
    return c.json({
      ConversationID: answer.payout.conversationId,
      OriginatorConversationID: answer.payout.originatorConversationId,
      ResponseCode: '0',
      ResponseDescription: ACCEPTED,
    });
  };

  const b2c = (fields: typeof B2C_FIELDS | typeof B2C_V1_FIELDS) => async (c: Context) => {
    const body = await readJsonObject(c);
    if (!body) return fail(c, DARAJA_ERRORS.invalidField('JSON'));
    const read = readFields(withOccasion(body), fields);
    if (!read.ok) return fail(c, DARAJA_ERRORS.invalidField(read.field));
    const v = read.values;
    return accept(c, {
      api: 'b2c',
      originatorConversationId: v.OriginatorConversationID === '' ? world.requestIds.next() : v.OriginatorConversationID,
      commandId: v.CommandID,
      amount: v.Amount,
      partyA: v.PartyA,
      receiver: v.PartyB,
      accountReference: null,
      remarks: v.Remarks,
      occasion: v.Occasion,
      resultUrl: v.ResultURL,
      queueTimeoutUrl: v.QueueTimeOutURL,
    });
  };

  return new Hono()
    .post('/mpesa/b2c/v3/paymentrequest', b2c(B2C_FIELDS))
    .post('/mpesa/b2c/v1/paymentrequest', b2c(B2C_V1_FIELDS))
    .post('/mpesa/b2b/v1/paymentrequest', async (c) => {
      const body = await readJsonObject(c);
      if (!body) return fail(c, DARAJA_ERRORS.invalidField('JSON'));
      const read = readFields(withOccasion(body), B2B_FIELDS);
      if (!read.ok) return fail(c, DARAJA_ERRORS.invalidField(read.field));
      const v = read.values;
      // A Paybill needs the account to credit; a till takes none.
      if (v.CommandID === 'BusinessPayBill' && v.AccountReference === '') return fail(c, DARAJA_ERRORS.invalidField('AccountReference'));
      return accept(c, {
        api: 'b2b',
        originatorConversationId: v.OriginatorConversationID === '' ? world.requestIds.next() : v.OriginatorConversationID,
        commandId: v.CommandID,
        amount: v.Amount,
        partyA: v.PartyA,
        receiver: v.PartyB,
        accountReference: v.AccountReference === '' ? null : v.AccountReference,
        remarks: v.Remarks,
        occasion: v.Occasion,
        resultUrl: v.ResultURL,
        queueTimeoutUrl: v.QueueTimeOutURL,
      });
    });
}
