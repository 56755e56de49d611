import {
  adminOrderView,
  adminRefundRequestView,
  attachUnmatchedPayment,
  markUnmatchedPaymentRefunded,
  catalogue,
  confirmSettlement,
  getAdminOrder,
  listUnverifiedPayments,
  listRefundRequests,
  resolveRefund,
  unlockDeliveryCode,
  unmatchedPaymentView,
  viewTexts,
  type Actor,
  type EscrowQueries,
  type IdempotentAnswer,
  type Order,
  type Result,
  type AdminOrderChanged,
  type AdminRefundRequestsAnswer,
  type UnmatchedPaymentRefunded,
  type UnverifiedPaymentsAnswer,
  type Wire,
} from '@escrow/core';
import { optionalText } from '@escrow/core/validation';
import { adminOrderChangedSchema, adminOrderViewSchema, adminRefundRequestsAnswerSchema, unmatchedPaymentRefundedSchema, unverifiedPaymentsAnswerSchema } from '@escrow/core/view-schemas';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/app-env.js';
import { answerOf, sendResult } from '../../http/error-handler.js';
import type { EscrowHttp } from '../escrow-context.js';
import { idempotent, type KeyedOptions } from '../../http/idempotency.js';
import { jsonBody } from '../../http/json-body.js';
import { adminCaller, adminOnly } from '../../http/require-admin.js';
import { orderNotFound, SESSION_ORDER_ID_FORMAT } from '../shared/session-orders.js';
import { jsonBodyLimit, pageQuerySchema, queryOf } from '../../http/request-input.js';
import { routeDoc } from '../../http/openapi.js';

export const PAYOUT_APPROVED_MESSAGE = viewTexts.adminAnswers.payoutApproved;

export const REFUND_RESOLVED_MESSAGES = { refund: viewTexts.adminAnswers.refundRecorded, reject: viewTexts.adminAnswers.refundRejected } as const;

export const REFUND_BY_MPESA_MESSAGE = viewTexts.adminAnswers.refundByMpesa;

export const UNMATCHED_RESOLVED_MESSAGES = { attached: viewTexts.adminAnswers.paymentAttached, refunded: viewTexts.adminAnswers.paymentRefunded } as const;
/** An M-Pesa receipt (TransID), or the CheckoutRequestID of a prompt paid with its callback lost. */
const TRANS_ID_FORMAT = /^[A-Za-z0-9_-]{6,40}$/;
const attachSchema = z.object({ trackingNumber: z.string({ error: 'Enter the tracking number of the order this payment is for' }).trim().min(1, { error: 'Enter the tracking number of the order this payment is for' }).max(40, { error: 'No order has this tracking number' }) });
const unmatchedRefundSchema = z.object({ mpesaReference: z.string({ error: 'Enter the 10-character M-Pesa reference of the refund' }).max(40, { error: 'Enter the 10-character M-Pesa reference of the refund' }) });

const refundsQuery = pageQuerySchema.extend({ status: z.enum(['open', 'refunded', 'rejected', 'all'], { error: 'Status must be open, refunded, rejected or all' }).optional() });
const settlementSchema = z.object({ reference: optionalText({ max: 100, tooLong: 'The payout reference must be at most 100 characters', invalid: 'The payout reference contains a character that is not allowed' }) });
const note = optionalText({ max: 1000, tooLong: 'The note must be at most 1000 characters', invalid: 'The note contains a character that is not allowed' });
const resolutionSchema = z.discriminatedUnion(
  'decision',
  [
    // Without a reference on a deployment with M-Pesa payouts: M-Pesa pays the refund (the core decides).
    z.object({ decision: z.literal('refund'), mpesaReference: z.string({ error: 'Enter the 10-character M-Pesa reference of the refund' }).max(40, { error: 'Enter the 10-character M-Pesa reference of the refund' }).optional(), note }),
    z.object({ decision: z.literal('reject'), note }),
  ],
  { error: 'Choose to refund or reject' },
);

/**
 * The admin API for settlement and refunds, mounted at /api/admin (a session with the admin
 * role; others get 401/403 before any order is looked up). The order list and the rest of the
 * admin area (summary, sellers, contacts, payment settings, export) are in area-routes.ts.
 *   GET  /orders/:id                      one order (no delivery code, no rider key)
 *   POST /orders/:id/settlement           'Mark Paid': { reference? }, exactly once
 *   POST /orders/:id/unlock-code          after 5 wrong delivery codes
 *   GET  /payments/unverified             claims, unverified paid orders, unmatched Paybill payments
 *   POST /payments/unmatched/:transId/attach  { trackingNumber }: pays that order with it
 *   POST /payments/unmatched/:transId/refund  { mpesaReference }: the payment was sent back by hand
 *   GET  /refund-requests                 ?status=open (default) | refunded | rejected | all; with `payoutMode`
 *   POST /refund-requests/:id/resolve     { decision: 'refund', mpesaReference?, note? } | { decision: 'reject', note? }
 *                                         (no mpesaReference with M-Pesa payouts on: M-Pesa pays it to the phone that paid)
 */
export function adminOrdersRoutes(h: EscrowHttp, queries: EscrowQueries): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const view = (message: string) => (result: Result<Order>) => answerOf(result.ok ? { ok: true, value: { order: adminOrderView(result.value, null), message } satisfies Wire<AdminOrderChanged> } : result);

  app.get('/orders/:id', routeDoc({ tag: 'admin', caller: ['session'], summary: 'One order (no delivery code, no rider key)', ok: { description: 'The order', schema: adminOrderViewSchema }, errors: [401, 403, 404] }), adminOnly, async (c) => {
    const caller = adminCaller(c);
    if (!caller.ok) return caller.response;
    c.header('Cache-Control', 'no-store');
    const orderId = c.req.param('id');
    if (!SESSION_ORDER_ID_FORMAT.test(orderId)) return orderNotFound(c);
    const result = await getAdminOrder(h.deps, { orderId, actor: caller.actor });
    return sendResult(c, result.ok ? { ok: true, value: adminOrderView(result.value.order, result.value.seller?.businessName ?? null, result.value.claimCheck) } : result);
  });

  app.post('/orders/:id/settlement', routeDoc({ tag: 'admin', caller: ['session'], summary: 'Mark Paid: settle a delivered order, exactly once (with M-Pesa payouts: approve them)', ok: { description: 'The order, settled or its payouts approved', schema: adminOrderChangedSchema }, errors: [401, 403, 404, 409, 415], idempotent: true }), adminOnly, jsonBodyLimit(), jsonBody(settlementSchema), async (c) => {
    const caller = adminCaller(c);
    if (!caller.ok) return caller.response;
    const orderId = c.req.param('id');
    if (!SESSION_ORDER_ID_FORMAT.test(orderId)) return orderNotFound(c);
    const input = c.req.valid('json');
    return idempotent(
      c,
      h.keys,
      { scope: caller.scope, fingerprint: input },
      (keyed) => confirmSettlement(h.deps, { orderId, actor: caller.actor, reference: input.reference }, keyed()),
      // With M-Pesa payouts, Mark Paid approves them: M-Pesa pays, and its Result settles the order.
      view(h.deps.payouts ? PAYOUT_APPROVED_MESSAGE : catalogue.admin.settlementConfirmed),
    ).finally(() => h.wakePayouts?.());
  });

  app.post('/orders/:id/unlock-code', routeDoc({ tag: 'admin', caller: ['session'], summary: 'Unlock the delivery code after 5 wrong tries', ok: { description: 'The order, its code unlocked', schema: adminOrderChangedSchema }, errors: [401, 403, 404, 409], idempotent: true }), adminOnly, async (c) => {
    const caller = adminCaller(c);
    if (!caller.ok) return caller.response;
    const orderId = c.req.param('id');
    if (!SESSION_ORDER_ID_FORMAT.test(orderId)) return orderNotFound(c);
    return idempotent(c, h.keys, { scope: caller.scope, fingerprint: { unlock: true } }, (keyed) => unlockDeliveryCode(h.deps, { orderId, actor: caller.actor }, keyed()), view(viewTexts.answers.codeUnlocked));
  });

  // Money M-Pesa has not confirmed (claims, flagged after 24 h; orders paid unverified) and Paybill
  // payments no order took (decision 0042); `escrow-admin payments list --unverified` prints the same.
  app.get('/payments/unverified', routeDoc({ tag: 'admin', caller: ['session'], summary: 'Money M-Pesa has not confirmed: claims, orders paid unverified, unmatched Paybill payments', ok: { description: 'The three lists', schema: unverifiedPaymentsAnswerSchema }, errors: [401, 403] }), adminOnly, async (c) => {
    const caller = adminCaller(c);
    if (!caller.ok) return caller.response;
    c.header('Cache-Control', 'no-store');
    const found = await listUnverifiedPayments(h.deps);
    return sendResult(c, {
      ok: true,
      value: {
        orders: found.orders.map((o) => ({ ...o, since: o.since.toISOString() })),
        unmatched: found.unmatched.map(unmatchedPaymentView),
      } satisfies Wire<UnverifiedPaymentsAnswer>,
    });
  });

  // An unmatched Paybill payment: attach it to the order it was meant for (audited on the order), or record its refund.
  const noSuchPayment = (c: Context) => sendResult(c, { ok: false, error: { code: 'VALIDATION_FAILED', message: 'No unmatched payment has this receipt (it may have been attached or refunded already)' } });
  // Either action: the admin (401/403), the receipt's shape, then at most once per Idempotency-Key
  // under the admin's scope, the request being the action's name with the receipt, and the body.
  const unmatchedPaymentAction = <R>(
    c: Context<AppEnv>,
    action: 'attach' | 'refundUnmatched',
    input: object,
    run: (payment: { actor: Actor; transId: string }, keyed: KeyedOptions) => Promise<R>,
    answer: (result: R) => IdempotentAnswer,
  ): Response | Promise<Response> => {
    const caller = adminCaller(c);
    if (!caller.ok) return caller.response;
    const transId = c.req.param('transId') ?? '';
    if (!TRANS_ID_FORMAT.test(transId)) return noSuchPayment(c);
    return idempotent(c, h.keys, { scope: caller.scope, fingerprint: { [action]: transId.toUpperCase(), ...input } }, (keyed) => run({ actor: caller.actor, transId }, keyed), answer);
  };
  app.post('/payments/unmatched/:transId/attach', routeDoc({ tag: 'admin', caller: ['session'], summary: 'Attach an unmatched Paybill payment to the order it was meant for', ok: { description: 'The order, paid with it', schema: adminOrderChangedSchema }, errors: [401, 403, 404, 409, 415], idempotent: true }), adminOnly, jsonBodyLimit(), jsonBody(attachSchema), async (c) => {
    const input = c.req.valid('json');
    return unmatchedPaymentAction(c, 'attach', input, (payment, keyed) => attachUnmatchedPayment(h.deps, { ...payment, trackingNumber: input.trackingNumber }, keyed()), view(UNMATCHED_RESOLVED_MESSAGES.attached));
  });

  app.post('/payments/unmatched/:transId/refund', routeDoc({ tag: 'admin', caller: ['session'], summary: 'Record that an unmatched Paybill payment was sent back by hand', ok: { description: 'The payment, refunded', schema: unmatchedPaymentRefundedSchema }, errors: [401, 403, 404, 409, 415], idempotent: true }), adminOnly, jsonBodyLimit(), jsonBody(unmatchedRefundSchema), async (c) => {
    const input = c.req.valid('json');
    return unmatchedPaymentAction(
      c,
      'refundUnmatched',
      input,
      (payment, keyed) => markUnmatchedPaymentRefunded(h.deps, { ...payment, reference: input.mpesaReference }, keyed()),
      (result) => answerOf(result.ok ? { ok: true, value: { payment: unmatchedPaymentView(result.value), message: UNMATCHED_RESOLVED_MESSAGES.refunded } satisfies Wire<UnmatchedPaymentRefunded> } : result),
    );
  });

  app.get('/refund-requests', routeDoc({ tag: 'admin', caller: ['session'], summary: 'Refund requests (open by default, refunded, rejected or all), with the payout mode', ok: { description: 'A page of refund requests', schema: adminRefundRequestsAnswerSchema }, errors: [401, 403] }), adminOnly, queryOf(refundsQuery), async (c) => {
    const caller = adminCaller(c);
    if (!caller.ok) return caller.response;
    c.header('Cache-Control', 'no-store');
    const { status = 'open', page, pageSize } = c.req.valid('query');
    const result = await listRefundRequests({ queries }, { actor: caller.actor, status: status === 'all' ? undefined : status, page, pageSize });
    const now = h.deps.clock.now();
    return sendResult(
      c,
      result.ok
        ? {
            ok: true,
            value: {
              refundRequests: result.value.items.map((row) => adminRefundRequestView(row, now)),
              total: result.value.total,
              page: result.value.page,
              pageSize: result.value.pageSize,
              // How a refund goes out (decision 0051): by M-Pesa B2C unless 'manual'.
              payoutMode: h.deps.payouts?.mode ?? 'manual',
            } satisfies Wire<AdminRefundRequestsAnswer>,
          }
        : result,
    );
  });

  app.post('/refund-requests/:id/resolve', routeDoc({ tag: 'admin', caller: ['session'], summary: 'Resolve a refund request: refund (by M-Pesa, or by hand with its reference) or reject', ok: { description: 'The refund request, resolved', schema: adminOrderChangedSchema }, errors: [401, 403, 404, 409, 415], idempotent: true }), adminOnly, jsonBodyLimit(), jsonBody(resolutionSchema), async (c) => {
    const caller = adminCaller(c);
    if (!caller.ok) return caller.response;
    const refundId = c.req.param('id');
    if (!SESSION_ORDER_ID_FORMAT.test(refundId)) return sendResult(c, { ok: false, error: { code: 'REFUND_NOT_FOUND' } });
    const input = c.req.valid('json');
    const resolution = input.decision === 'refund' ? { decision: 'refund' as const, mpesaReference: input.mpesaReference ?? '', note: input.note } : { decision: 'reject' as const, note: input.note };
    const byPayout = input.decision === 'refund' && !input.mpesaReference && h.deps.payouts !== undefined;
    return idempotent(
      c,
      h.keys,
      { scope: caller.scope, fingerprint: input },
      (keyed) => resolveRefund(h.deps, { refundId, actor: caller.actor, resolution }, keyed()),
      view(byPayout ? REFUND_BY_MPESA_MESSAGE : REFUND_RESOLVED_MESSAGES[input.decision]),
    ).finally(() => h.wakePayouts?.());
  });

  return app;
}
