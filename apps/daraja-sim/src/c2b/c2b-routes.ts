import { Hono } from 'hono';
import { z } from 'zod';
import { findShortCode } from '../config/resolve-options.js';
import { DARAJA_ERRORS, sendDarajaError, type DarajaFailure } from '../http/daraja-errors.js';
import { isHttpUrl, msisdnField, optionalText, readFields, shortCodeField, wholeShillingsField } from '../http/fields.js';
import { readJsonObject } from '../http/read-json-object.js';
import type { SimWorld } from '../sim-world.js';

// Daraja refuses C2B URLs containing these words in any case (and their variants, so mpesa too).
const FORBIDDEN_URL_WORDS = ['m-pesa', 'mpesa', 'safaricom', 'exe', 'exec', 'cmd', 'sql', 'query'];
const c2bUrlField = z.string().refine((url) => isHttpUrl(url) && !FORBIDDEN_URL_WORDS.some((word) => url.toLowerCase().includes(word)));

const REGISTER_FIELDS = {
  ShortCode: shortCodeField,
  ResponseType: z.enum(['Completed', 'Cancelled']),
  ConfirmationURL: c2bUrlField,
  ValidationURL: c2bUrlField,
};

const SIMULATE_FIELDS = {
  ShortCode: shortCodeField,
  CommandID: z.enum(['CustomerPayBillOnline', 'CustomerBuyGoodsOnline']),
  Amount: wholeShillingsField,
  Msisdn: msisdnField,
  BillRefNumber: optionalText(20),
};

/** C2B: register the confirmation and validation URLs; simulate a customer payment (sandbox only). */
export function c2bRoutes(world: SimWorld): Hono {
  const fail = (c: Parameters<typeof sendDarajaError>[0], error: DarajaFailure) => sendDarajaError(c, world.requestIds, error);

  const register = async (c: Parameters<typeof sendDarajaError>[0]) => {
    const body = await readJsonObject(c);
    if (!body) return fail(c, DARAJA_ERRORS.invalidField('JSON'));
    const fields = readFields(body, REGISTER_FIELDS);
    if (!fields.ok) return fail(c, DARAJA_ERRORS.invalidField(fields.field));
    const v = fields.values;
    if (!findShortCode(world.options, v.ShortCode)) return fail(c, DARAJA_ERRORS.merchantDoesNotExist);
    world.c2bRegistry.register(v.ShortCode, { responseType: v.ResponseType, confirmationUrl: v.ConfirmationURL, validationUrl: v.ValidationURL });
    // Sic: "OriginatorCoversationID" is how Daraja spells it in this reply.
    return c.json({ OriginatorCoversationID: world.requestIds.next(), ResponseCode: '0', ResponseDescription: 'Success' });
  };

  return new Hono()
    .post('/mpesa/c2b/v1/registerurl', register)
    .post('/mpesa/c2b/v2/registerurl', register)
    .post('/mpesa/c2b/v1/simulate', async (c) => {
      const body = await readJsonObject(c);
      if (!body) return fail(c, DARAJA_ERRORS.invalidField('JSON'));
      const fields = readFields(body, SIMULATE_FIELDS);
      if (!fields.ok) return fail(c, DARAJA_ERRORS.invalidField(fields.field));
      const v = fields.values;
      // A Paybill payment needs the account number the customer typed; a till takes none.
      if (v.CommandID === 'CustomerPayBillOnline' && v.BillRefNumber === '') return fail(c, DARAJA_ERRORS.invalidField('BillRefNumber'));
      const merchant = findShortCode(world.options, v.ShortCode);
      if (!merchant) return fail(c, DARAJA_ERRORS.merchantDoesNotExist);
      // The reply says only that the request was taken; validation and confirmation follow.
      world.c2bPayments
        .pay({ merchant, commandId: v.CommandID, amount: v.Amount, msisdn: v.Msisdn, billRefNumber: v.BillRefNumber, firstName: 'John' })
        .catch((error: unknown) => console.error('daraja-sim: a C2B simulation failed', error));
      return c.json({ OriginatorCoversationID: world.requestIds.next(), ResponseCode: '0', ResponseDescription: 'Accept the service request successfully.' });
    });
}
