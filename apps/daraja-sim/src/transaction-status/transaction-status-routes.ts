import { Hono } from 'hono';
import { z } from 'zod';
import { DARAJA_ERRORS, sendDarajaError } from '../http/daraja-errors.js';
import { httpUrlField, identifierTypeField, optionalText, readFields, requiredText } from '../http/fields.js';
import { readJsonObject } from '../http/read-json-object.js';
import { conversationId } from '../ids/daraja-ids.js';
import { ReceiptNumbers } from '../ids/receipt-numbers.js';
import type { KnownReceipt } from '../receipts/receipt-book.js';
import type { SimWorld } from '../sim-world.js';
import { transactionStatusResult } from './status-result.js';

const STATUS_FIELDS = {
  Initiator: requiredText(100),
  // The simulator cannot check an RSA-encrypted initiator password; it only needs one.
  SecurityCredential: z.string().min(1),
  CommandID: z.literal('TransactionStatusQuery'),
  TransactionID: optionalText(20),
  OriginatorConversationID: optionalText(100),
  PartyA: z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(/^\d{5,12}$/)),
  IdentifierType: identifierTypeField,
  ResultURL: httpUrlField,
  QueueTimeOutURL: httpUrlField,
  Remarks: optionalText(100),
  Occasion: optionalText(100),
};

/** A receipt is only described to a party to it: the shortcode, the till or the customer's phone. */
function isParty(receipt: KnownReceipt, partyA: string): boolean {
  return partyA === receipt.businessShortCode || partyA === receipt.creditParty || partyA === receipt.msisdn;
}

/**
 * Transaction Status: accept at once, then POST the Result to ResultURL (unless a test asked to
 * lose it: loseStatusResults). The integrator's OriginatorConversationID, when sent, is the one
 * in the reply and the Result. A repeated one is fine here (unlike B2C). The simulator always
 * answers in time, so QueueTimeOutURL is never called.
 */
export function transactionStatusRoutes(world: SimWorld): Hono {
  return new Hono().post('/mpesa/transactionstatus/v1/query', async (c) => {
    const body = await readJsonObject(c);
    if (!body) return sendDarajaError(c, world.requestIds, DARAJA_ERRORS.invalidField('JSON'));
    // Libraries send both spellings of Occasion; the documented one wins.
    const fields = readFields({ ...body, Occasion: body.Occasion ?? body.Occassion }, STATUS_FIELDS);
    if (!fields.ok) return sendDarajaError(c, world.requestIds, DARAJA_ERRORS.invalidField(fields.field));
    const v = fields.values;
    if (v.TransactionID === '' && v.OriginatorConversationID === '') return sendDarajaError(c, world.requestIds, DARAJA_ERRORS.invalidField('TransactionID'));
    const ids = {
      // The integrator's own id when it sends one (as B2C v3 does), else one of Daraja's.
      originatorConversationId: v.OriginatorConversationID === '' ? world.requestIds.next() : v.OriginatorConversationID,
      conversationId: conversationId(),
      transactionId: `${ReceiptNumbers.datePrefix()}0000000`,
      occasion: v.Occasion,
    };
    // Only receipts are known: a query by OriginatorConversationID (B2C, not simulated) finds nothing.
    const found = v.TransactionID === '' ? undefined : world.receipts.find(v.TransactionID);
    const receipt = found && isParty(found, v.PartyA) ? found : undefined;
    if (!world.lostResults.take()) {
      world.scheduler.after(world.options.callbackDelayMs, () =>
        world.callbacks.post('result', v.ResultURL, transactionStatusResult(ids, receipt), ids.conversationId),
      );
    }
    return c.json({
      OriginatorConversationID: ids.originatorConversationId,
      ConversationID: ids.conversationId,
      ResponseCode: '0',
      ResponseDescription: 'Accept the service request successfully.',
    });
  });
}
