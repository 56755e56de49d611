import { Hono } from 'hono';
import { z } from 'zod';
import { findShortCode } from '../config/resolve-options.js';
import { DARAJA_ERRORS, sendDarajaError } from '../http/daraja-errors.js';
import { httpUrlField, msisdnField, optionalText, readFields, requiredText, shortCodeField, timestampField, wholeShillingsField } from '../http/fields.js';
import { readJsonObject } from '../http/read-json-object.js';
import type { SimWorld } from '../sim-world.js';
import { isStkPassword } from './stk-password.js';

// In the documented order: Daraja names the first bad field.
const STK_PUSH_FIELDS = {
  BusinessShortCode: shortCodeField,
  Password: z.string().min(1),
  Timestamp: timestampField,
  TransactionType: z.enum(['CustomerPayBillOnline', 'CustomerBuyGoodsOnline']),
  Amount: wholeShillingsField,
  PartyA: msisdnField,
  PartyB: shortCodeField,
  PhoneNumber: msisdnField,
  CallBackURL: httpUrlField,
  AccountReference: requiredText(12),
  TransactionDesc: optionalText(13),
};

const STK_QUERY_FIELDS = {
  BusinessShortCode: shortCodeField,
  Password: z.string().min(1),
  Timestamp: timestampField,
  CheckoutRequestID: z.string().min(1),
};

const ACCEPTED = 'Success. Request accepted for processing';
// Sic: Daraja's STK Query answer spells it with three s.
const QUERY_ACCEPTED = 'The service request has been accepted successsfully';

/** Lipa na M-Pesa Online: STK Push and STK Query. */
export function stkRoutes(world: SimWorld): Hono {
  const fail = (c: Parameters<typeof sendDarajaError>[0], error: Parameters<typeof sendDarajaError>[2]) => sendDarajaError(c, world.requestIds, error);

  return new Hono()
    .post('/mpesa/stkpush/v1/processrequest', async (c) => {
      const body = await readJsonObject(c);
      if (!body) return fail(c, DARAJA_ERRORS.invalidField('JSON'));
      const fields = readFields(body, STK_PUSH_FIELDS);
      if (!fields.ok) return fail(c, DARAJA_ERRORS.invalidField(fields.field));
      const v = fields.values;
      const merchant = findShortCode(world.options, v.BusinessShortCode);
      if (!merchant) return fail(c, DARAJA_ERRORS.merchantDoesNotExist);
      if (!isStkPassword(v.Password, merchant.shortCode, merchant.passkey, v.Timestamp)) return fail(c, DARAJA_ERRORS.wrongCredentials);
      const prompt = world.prompts.create({
        merchant,
        transactionType: v.TransactionType,
        amount: v.Amount,
        partyA: v.PartyA,
        partyB: v.PartyB,
        phoneNumber: v.PhoneNumber,
        callbackUrl: v.CallBackURL,
        accountReference: v.AccountReference,
        transactionDesc: v.TransactionDesc,
      });
      if (!prompt) return fail(c, DARAJA_ERRORS.subscriberLocked);
      return c.json({
        MerchantRequestID: prompt.merchantRequestId,
        CheckoutRequestID: prompt.checkoutRequestId,
        ResponseCode: '0',
        ResponseDescription: ACCEPTED,
        CustomerMessage: ACCEPTED,
      });
    })
    .post('/mpesa/stkpushquery/v1/query', async (c) => {
      const body = await readJsonObject(c);
      if (!body) return fail(c, DARAJA_ERRORS.invalidField('JSON'));
      const fields = readFields(body, STK_QUERY_FIELDS);
      if (!fields.ok) return fail(c, DARAJA_ERRORS.invalidField(fields.field));
      const v = fields.values;
      const merchant = findShortCode(world.options, v.BusinessShortCode);
      if (!merchant) return fail(c, DARAJA_ERRORS.merchantDoesNotExist);
      if (!isStkPassword(v.Password, merchant.shortCode, merchant.passkey, v.Timestamp)) return fail(c, DARAJA_ERRORS.wrongCredentials);
      const answer = world.prompts.answerQuery(v.CheckoutRequestID, merchant.shortCode);
      if (answer.kind === 'unknown') return fail(c, DARAJA_ERRORS.invalidField('CheckoutRequestID'));
      if (answer.kind === 'processing') return fail(c, DARAJA_ERRORS.stillProcessing);
      // ResultCode is a string here (an integer in the callback), and no receipt is given.
      return c.json({
        ResponseCode: '0',
        ResponseDescription: QUERY_ACCEPTED,
        MerchantRequestID: answer.prompt.merchantRequestId,
        CheckoutRequestID: answer.prompt.checkoutRequestId,
        ResultCode: String(answer.prompt.resultCode),
        ResultDesc: answer.prompt.resultDesc,
      });
    });
}
