import { Hono } from 'hono';
import { z } from 'zod';
import { DARAJA_ERRORS, sendDarajaError } from '../http/daraja-errors.js';
import { httpUrlField, identifierTypeField, optionalText, readFields, requiredText } from '../http/fields.js';
import { readJsonObject } from '../http/read-json-object.js';
import { conversationId } from '../ids/daraja-ids.js';
import { ReceiptNumbers } from '../ids/receipt-numbers.js';
import type { KnownReceipt } from '../receipts/receipt-book.js';
import type { SimWorld } from '../sim-world.js';
import { transactionStatusResult, UNKNOWN_RECEIPT } from './status-result.js';

const STATUS_FIELDS = {
  Initiator: requiredText(100),
  // The simulator cannot check an RSA-encrypted initiator password; it only needs one.
  SecurityCredential: z.string().min(1),
  CommandID: z.literal('TransactionStatusQuery'),
  TransactionID: optionalText(20),
  OriginatorConversationID: optionalText(100),
  // The Daraja portal's name for "the OriginatorConversationID of the transaction asked about",
  // sent instead of a receipt (several SDKs use it); see lookUp().
  OriginalConversationID: optionalText(100),
  PartyA: z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(/^\d{5,12}$/)),
  IdentifierType: identifierTypeField,
  ResultURL: httpUrlField,
  QueueTimeOutURL: httpUrlField,
  Remarks: optionalText(100),
  Occasion: optionalText(100),
};

/** A receipt is only described to a party to it: the shortcode, the till or the customer's phone. */
function isParty(receipt: KnownReceipt, partyA: string): boolean {
  return partyA === receipt.businessShortCode || partyA === receipt.creditParty || partyA === receipt.debitParty;
}

type Found = { receipt: KnownReceipt | undefined; failure?: { code: number | string; desc: string } };

/**
 * What a query is about. By TransactionID: a receipt (STK, C2B, or a payout's). Without one,
 * by the OriginatorConversationID of a payout, as the Daraja portal allows for transactions
 * whose receipt the integrator never got: OriginalConversationID (the portal's name), or
 * OriginatorConversationID when it is the only id sent. A completed payout is described by its
 * receipt; a failed one answers its own ResultCode; one that timed out in the queue was never
 * processed, so it is as unknown as a receipt that does not exist.
 */
function lookUp(world: SimWorld, v: { TransactionID: string; OriginalConversationID: string; OriginatorConversationID: string; PartyA: string }): Found {
  if (v.TransactionID !== '') {
    const found = world.receipts.find(v.TransactionID);
    return { receipt: found && isParty(found, v.PartyA) ? found : undefined };
  }
  const payout = world.payouts.find(v.OriginalConversationID || v.OriginatorConversationID);
  if (!payout || (v.PartyA !== payout.partyA && v.PartyA !== payout.receiver) || payout.status === 'timed_out') return { receipt: undefined };
  if (payout.status === 'failed') return { receipt: undefined, failure: { code: payout.resultCode ?? UNKNOWN_RECEIPT.code, desc: payout.resultDesc ?? UNKNOWN_RECEIPT.desc } };
  return { receipt: payout.receipt ? world.receipts.find(payout.receipt) : undefined };
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
    if (v.TransactionID === '' && v.OriginatorConversationID === '' && v.OriginalConversationID === '') return sendDarajaError(c, world.requestIds, DARAJA_ERRORS.invalidField('TransactionID'));
    const ids = {
      // The integrator's own id when it sends one (as B2C v3 does), else one of Daraja's.
      originatorConversationId: v.OriginatorConversationID === '' ? world.requestIds.next() : v.OriginatorConversationID,
      conversationId: conversationId(),
      transactionId: `${ReceiptNumbers.datePrefix()}0000000`,
      occasion: v.Occasion,
    };
    const { receipt, failure } = lookUp(world, v);
    if (!world.lostResults.take()) {
      world.scheduler.after(world.options.callbackDelayMs, () =>
        world.callbacks.post('result', v.ResultURL, transactionStatusResult(ids, receipt, failure), ids.conversationId),
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
