import { constantTimeEqual, recordC2bPayment, recordPayoutReport, recordStatusResult, recordStatusTimeout, recordStkCallback, settleStkRequest, validateC2bPayment, type Cents } from '@escrow/core';
import { c2bConfirmationAck, c2bValidationAccept, c2bValidationReject, parseC2bPayload, parsePayoutResult, parseResultCallback, parseStkCallback, payoutReportOfResult, payoutReportOfStatus, readTransactionStatusResult } from '@escrow/mpesa-daraja';
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { clientAddress, clientIp } from '../../http/client-address.js';
import type { EscrowHttp } from '../escrow-context.js';
import { CALLBACK_SECRET_PARAMETER, routeDoc } from '../../http/openapi.js';
import { requestLoggerOf } from '../../http/request-log.js';

/** Daraja's callbacks are small; anything bigger is not one. */
const MAX_CALLBACK_BYTES = 16 * 1024;

async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.length > MAX_CALLBACK_BYTES) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Where Daraja POSTs results (PRODUCT-DECISIONS, Real money: callbacks are hints). Mounted at
 * /api/payments/callbacks/:secret (no 'M-Pesa' in it: Safaricom refuses C2B URLs naming it): Daraja does not sign callbacks, so the path carries a secret
 * per deployment and any other path is a plain 404 (so is a caller outside MPESA_CALLBACK_ALLOWED_IPS
 * when that is set). Each body is parsed strictly and stored once by its id (CheckoutRequestID,
 * TransID, OriginatorConversationID); an STK result moves money only after the STK Query agrees,
 * which runs after Daraja has its answer; a Transaction Status Result only when it matches the
 * claim it was asked about (decision 0044).
 *   POST /stk               STK Push result
 *   POST /c2b/validation    C2B validation (when Safaricom enables it)
 *   POST /c2b/confirmation  C2B confirmation: a Paybill payment that happened
 *   POST /status/result     Transaction Status Result: what M-Pesa says of a claimed receipt
 *   POST /status/timeout    Transaction Status queue timeout: no Result will come
 *   POST /payouts/result    B2C/B2B Result: what became of a payout (decision 0051)
 *   POST /payouts/timeout   B2C/B2B queue timeout: not processed, the payout is asked about
 *   POST /payouts/status/result   Transaction Status Result about a payout
 *   POST /payouts/status/timeout  its queue timeout (the next status query is already scheduled)
 */
export function mpesaCallbackRoutes(h: EscrowHttp, secret: string): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Lines about a callback carry its request's id (decision 0068).
  const log = (c: Context) => requestLoggerOf(c, h.logger);
  app.use('/:secret/*', async (c, next) => {
    if (!constantTimeEqual(c.req.param('secret'), secret)) return c.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    // With an allow-list, a caller outside it learns nothing more than one without the secret.
    if (h.mpesaCallbackAllowList && !h.mpesaCallbackAllowList.allows(clientIp(c, h.trustProxyHops ?? 0))) {
      log(c).warn('M-Pesa callback from an address not on MPESA_CALLBACK_ALLOWED_IPS', { address: clientAddress(c, h.trustProxyHops ?? 0) });
      return c.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    }
    return next();
  });
  const refuse = (c: Context, what: string, error: string) => {
    log(c).warn('M-Pesa callback refused', { what, error: error.slice(0, 500) });
    return c.json({ ResultCode: 1, ResultDesc: 'Rejected: malformed' }, 400);
  };

  app.post('/:secret/stk', routeDoc({ tag: 'payments-callbacks', parameters: [CALLBACK_SECRET_PARAMETER], summary: 'STK Push result', body: { media: 'application/json', description: "The STK Push callback (Body.stkCallback), as Daraja sends it (parsed strictly; anything else is 400)" }, ok: 'Acknowledged (Daraja\'s ResultCode 0 shape)', description: 'A malformed body is answered 400 with `{ ResultCode: 1, ResultDesc }`; a wrong secret (or an address outside MPESA_CALLBACK_ALLOWED_IPS) 404.', errors: [404] }), async (c) => {
    const parsed = parseStkCallback(await readJson(c));
    if (!parsed.ok) return refuse(c, 'stk', parsed.error);
    const cb = parsed.value;
    const resultCode = typeof cb.resultCode === 'number' ? cb.resultCode : -1;
    const recorded = await recordStkCallback(
      h.deps,
      {
        checkoutRequestId: cb.checkoutRequestId,
        merchantRequestId: cb.merchantRequestId,
        resultCode,
        resultDesc: cb.resultDesc,
        ...(cb.metadata ? { receipt: cb.metadata.receipt, amount: Math.round(cb.metadata.amountShillings * 100) as Cents, phone: cb.metadata.phone } : {}),
      },
      { settle: false },
    );
    if (recorded.ok && recorded.value.known) {
      const requestId = recorded.value.requestId;
      // Settled after Daraja has its answer; a failure here is retried by the reconciler.
      void settleStkRequest(h.deps, requestId).catch((error: unknown) =>
        log(c).warn('STK settlement after callback failed; the reconciler retries', { requestId, error: error instanceof Error ? error.message : String(error) }),
      );
    } else if (recorded.ok) {
      log(c).warn('STK callback for an unknown CheckoutRequestID', { checkoutRequestId: cb.checkoutRequestId, resultCode });
    }
    return c.json({ ResultCode: 0, ResultDesc: 'Accepted' });
  });

  app.post('/:secret/c2b/validation', routeDoc({ tag: 'payments-callbacks', parameters: [CALLBACK_SECRET_PARAMETER], summary: 'C2B validation: accept or reject a Paybill payment before it happens', body: { media: 'application/json', description: "The C2B payment (TransID, TransAmount, BillRefNumber, ...), as Daraja sends it (parsed strictly; anything else is 400)" }, ok: 'Accepted or rejected, in Daraja\'s shape', description: 'A malformed body is answered 400 with `{ ResultCode: 1, ResultDesc }`; a wrong secret (or an address outside MPESA_CALLBACK_ALLOWED_IPS) 404.', errors: [404] }), async (c) => {
    const parsed = parseC2bPayload(await readJson(c));
    if (!parsed.ok) {
      log(c).warn('C2B validation refused: malformed', { error: parsed.error.slice(0, 500) });
      return c.json(c2bValidationReject('C2B00016'));
    }
    const decision = await validateC2bPayment(h.deps, { billRefNumber: parsed.value.billRefNumber, amount: parsed.value.amountCents });
    return c.json(decision.accept ? c2bValidationAccept() : c2bValidationReject(decision.code));
  });

  app.post('/:secret/c2b/confirmation', routeDoc({ tag: 'payments-callbacks', parameters: [CALLBACK_SECRET_PARAMETER], summary: 'C2B confirmation: a Paybill payment that happened', body: { media: 'application/json', description: "The C2B payment (TransID, TransAmount, BillRefNumber, ...), as Daraja sends it (parsed strictly; anything else is 400)" }, ok: 'Acknowledged', description: 'A malformed body is answered 400 with `{ ResultCode: 1, ResultDesc }`; a wrong secret (or an address outside MPESA_CALLBACK_ALLOWED_IPS) 404.', errors: [404] }), async (c) => {
    const parsed = parseC2bPayload(await readJson(c));
    if (!parsed.ok) return refuse(c, 'c2b confirmation', parsed.error);
    const p = parsed.value;
    const payerName = [p.firstName, p.middleName, p.lastName].filter((part) => part.length > 0).join(' ');
    const recorded = await recordC2bPayment(h.deps, {
      transId: p.transId,
      billRefNumber: p.billRefNumber,
      amount: p.amountCents,
      msisdn: p.msisdn,
      payerName,
      businessShortCode: p.businessShortCode,
      transTime: p.transTime,
    });
    if (recorded.ok && recorded.value.outcome === 'unmatched') log(c).warn('Paybill payment not matched to an order', { transId: p.transId, note: recorded.value.note });
    return c.json(c2bConfirmationAck());
  });

  // Answered at once for every well-formed body (Daraja would only send it again); the claim is
  // decided in the core, and an unknown or repeated Result changes nothing.
  const accepted = { ResultCode: 0, ResultDesc: 'Accepted' } as const;
  app.post('/:secret/status/result', routeDoc({ tag: 'payments-callbacks', parameters: [CALLBACK_SECRET_PARAMETER], summary: 'Transaction Status result: what M-Pesa says of a claimed receipt', body: { media: 'application/json', description: "The Result callback (Result.ResultParameters), as Daraja sends it (parsed strictly; anything else is 400)" }, ok: 'Acknowledged', description: 'A malformed body is answered 400 with `{ ResultCode: 1, ResultDesc }`; a wrong secret (or an address outside MPESA_CALLBACK_ALLOWED_IPS) 404.', errors: [404] }), async (c) => {
    const parsed = parseResultCallback(await readJson(c));
    if (!parsed.ok) return refuse(c, 'transaction status result', parsed.error);
    const result = readTransactionStatusResult(parsed.value);
    const recorded = await recordStatusResult(h.deps, result);
    if (!recorded.ok) {
      log(c).warn('Transaction Status Result not recorded; the reconciler asks again', { originatorConversationId: result.originatorConversationId, code: recorded.error.code });
    } else if (recorded.value.outcome === 'unknown_query') {
      log(c).warn('Transaction Status Result for an unknown query', { originatorConversationId: result.originatorConversationId, conversationId: result.conversationId });
    } else if (recorded.value.outcome === 'not_verified') {
      log(c).info('claim not verified by Transaction Status', { queryId: recorded.value.queryId, reason: recorded.value.reason });
    }
    return c.json(accepted);
  });

  app.post('/:secret/status/timeout', routeDoc({ tag: 'payments-callbacks', parameters: [CALLBACK_SECRET_PARAMETER], summary: 'Transaction Status queue timeout: no result will come', body: { media: 'application/json', description: "The queue timeout callback, as Daraja sends it (parsed strictly; anything else is 400)" }, ok: 'Acknowledged', description: 'A malformed body is answered 400 with `{ ResultCode: 1, ResultDesc }`; a wrong secret (or an address outside MPESA_CALLBACK_ALLOWED_IPS) 404.', errors: [404] }), async (c) => {
    const parsed = parseResultCallback(await readJson(c));
    if (!parsed.ok) return refuse(c, 'transaction status timeout', parsed.error);
    const { originatorConversationId, conversationId, resultDesc } = parsed.value;
    const recorded = await recordStatusTimeout(h.deps, { originatorConversationId, conversationId, resultDesc });
    if (recorded.ok && !recorded.value.known) log(c).warn('Transaction Status timeout for an unknown query', { originatorConversationId, conversationId });
    return c.json(accepted);
  });
  const payoutLog = (c: Context, what: string, originatorConversationId: string, outcome: string) => {
    if (outcome === 'unknown_payout') log(c).warn(`${what} for an unknown payout`, { originatorConversationId });
    else log(c).info(what, { originatorConversationId, outcome });
  };
  app.post('/:secret/payouts/result', routeDoc({ tag: 'payments-callbacks', parameters: [CALLBACK_SECRET_PARAMETER], summary: 'B2C/B2B result: what became of a payout', body: { media: 'application/json', description: "The Result callback of a payout, as Daraja sends it (parsed strictly; anything else is 400)" }, ok: 'Acknowledged', description: 'A malformed body is answered 400 with `{ ResultCode: 1, ResultDesc }`; a wrong secret (or an address outside MPESA_CALLBACK_ALLOWED_IPS) 404.', errors: [404] }), async (c) => {
    const json = await readJson(c);
    const read = parseResultCallback(json);
    if (!read.ok) return refuse(c, 'payout result', read.error);
    const { originatorConversationId, conversationId } = read.value;
    const result = parsePayoutResult(json);
    // A Result that says success without a receipt or an amount is not believed: the payout is asked about.
    const report = result.ok ? payoutReportOfResult(result.value) : ({ outcome: 'unknown', reason: result.error } as const);
    payoutLog(c, 'payout Result', originatorConversationId, await recordPayoutReport(h.deps, { source: 'result', originatorConversationId, conversationId, report }));
    return c.json(accepted);
  });
  app.post('/:secret/payouts/timeout', routeDoc({ tag: 'payments-callbacks', parameters: [CALLBACK_SECRET_PARAMETER], summary: 'B2C/B2B queue timeout: the payout was not processed and is asked about', body: { media: 'application/json', description: "The queue timeout callback of a payout, as Daraja sends it (parsed strictly; anything else is 400)" }, ok: 'Acknowledged', description: 'A malformed body is answered 400 with `{ ResultCode: 1, ResultDesc }`; a wrong secret (or an address outside MPESA_CALLBACK_ALLOWED_IPS) 404.', errors: [404] }), async (c) => {
    const read = parseResultCallback(await readJson(c));
    if (!read.ok) return refuse(c, 'payout timeout', read.error);
    const { originatorConversationId, conversationId, resultDesc } = read.value;
    payoutLog(c, 'payout queue timeout', originatorConversationId, await recordPayoutReport(h.deps, { source: 'queue_timeout', originatorConversationId, conversationId, report: { outcome: 'unknown', reason: resultDesc } }));
    return c.json(accepted);
  });
  app.post('/:secret/payouts/status/result', routeDoc({ tag: 'payments-callbacks', parameters: [CALLBACK_SECRET_PARAMETER], summary: 'Transaction Status result about a payout', body: { media: 'application/json', description: "The Result callback of a payout's status query, as Daraja sends it (parsed strictly; anything else is 400)" }, ok: 'Acknowledged', description: 'A malformed body is answered 400 with `{ ResultCode: 1, ResultDesc }`; a wrong secret (or an address outside MPESA_CALLBACK_ALLOWED_IPS) 404.', errors: [404] }), async (c) => {
    const read = parseResultCallback(await readJson(c));
    if (!read.ok) return refuse(c, 'payout status result', read.error);
    const result = readTransactionStatusResult(read.value);
    const outcome = await recordPayoutReport(h.deps, { source: 'status', originatorConversationId: result.originatorConversationId, conversationId: result.conversationId, report: payoutReportOfStatus(result) });
    payoutLog(c, 'payout status Result', result.originatorConversationId, outcome);
    return c.json(accepted);
  });
  app.post('/:secret/payouts/status/timeout', routeDoc({ tag: 'payments-callbacks', parameters: [CALLBACK_SECRET_PARAMETER], summary: 'Transaction Status queue timeout about a payout', body: { media: 'application/json', description: "The queue timeout callback of a payout's status query, as Daraja sends it (parsed strictly; anything else is 400)" }, ok: 'Acknowledged', description: 'A malformed body is answered 400 with `{ ResultCode: 1, ResultDesc }`; a wrong secret (or an address outside MPESA_CALLBACK_ALLOWED_IPS) 404.', errors: [404] }), async (c) => {
    const read = parseResultCallback(await readJson(c));
    if (!read.ok) return refuse(c, 'payout status timeout', read.error);
    log(c).info('payout status query timed out; the next one is scheduled', { originatorConversationId: read.value.originatorConversationId });
    return c.json(accepted);
  });
  return app;
}
