import { Hono } from 'hono';
import { z } from 'zod';
import { DARAJA_ERRORS, sendDarajaError } from '../http/daraja-errors.js';
import { httpUrlField, numericText, optionalText, readFields, remarksField, requiredText, shortCodeField, wholeShillingsField } from '../http/fields.js';
import { readJsonObject } from '../http/read-json-object.js';
import type { SimWorld } from '../sim-world.js';

const REVERSAL_FIELDS = {
  Initiator: requiredText(100),
  SecurityCredential: z.string().min(1),
  CommandID: z.literal('TransactionReversal'),
  TransactionID: z.string().regex(/^[A-Za-z0-9]{1,20}$/),
  Amount: wholeShillingsField,
  ReceiverParty: shortCodeField,
  // Sic: "Reciever". "11" per the fact sheet; older samples send "4".
  RecieverIdentifierType: numericText(/^(11|4)$/),
  ResultURL: httpUrlField,
  QueueTimeOutURL: httpUrlField,
  Remarks: remarksField,
  Occasion: optionalText(100),
  OriginatorConversationID: optionalText(100),
};

/** Reversal of a C2B or STK receipt: accepted at once, the outcome in a Result to ResultURL. */
export function reversalRoutes(world: SimWorld): Hono {
  return new Hono().post('/mpesa/reversal/v1/request', async (c) => {
    const body = await readJsonObject(c);
    if (!body) return sendDarajaError(c, world.requestIds, DARAJA_ERRORS.invalidField('JSON'));
    const read = readFields({ ...body, Occasion: body.Occasion ?? body.Occassion }, REVERSAL_FIELDS);
    if (!read.ok) return sendDarajaError(c, world.requestIds, DARAJA_ERRORS.invalidField(read.field));
    const v = read.values;
    const reversal = world.reversals.request({
      originatorConversationId: v.OriginatorConversationID === '' ? world.requestIds.next() : v.OriginatorConversationID,
      transactionId: v.TransactionID,
      amount: v.Amount,
      receiverParty: v.ReceiverParty,
      remarks: v.Remarks,
      occasion: v.Occasion,
      resultUrl: v.ResultURL,
      queueTimeoutUrl: v.QueueTimeOutURL,
    });
    return c.json({
      OriginatorConversationID: reversal.originatorConversationId,
      ConversationID: reversal.conversationId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    });
  });
}
