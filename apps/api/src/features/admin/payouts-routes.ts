import {
  listPayouts,
  payoutView,
  reconcilePayouts,
  recordPayoutReference,
  retryPayout,
  viewTexts,
  type PayoutChanged,
  type PayoutReconciliationAnswer,
  type PayoutsAnswer,
  type Wire,
} from '@escrow/core';
import { payoutChangedSchema, payoutReconciliationAnswerSchema, payoutsAnswerSchema } from '@escrow/core/view-schemas';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/app-env.js';
import { answerOf, sendResult } from '../../http/error-handler.js';
import type { EscrowHttp } from '../escrow-context.js';
import { idempotent } from '../../http/idempotency.js';
import { jsonBody } from '../../http/json-body.js';
import { adminCaller, adminOnly } from '../../http/require-admin.js';
import { orderNotFound, SESSION_ORDER_ID_FORMAT } from '../shared/session-orders.js';
import { jsonBodyLimit, queryOf } from '../../http/request-input.js';
import { routeDoc } from '../../http/openapi.js';

export const PAYOUT_MESSAGES = {
  retried: viewTexts.adminAnswers.payoutRetried,
  recorded: viewTexts.adminAnswers.payoutRecorded,
} as const;

const PAYOUT_ID_FORMAT = /^[A-Za-z0-9-]{8,64}$/;
const listQuery = z.object({ failed: z.enum(['1', 'true'], { error: 'failed must be 1 or true' }).optional(), limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(500).optional() });
const referenceSchema = z.object({ reference: z.string({ error: 'Enter the 10-character M-Pesa reference of the payout' }).max(40, { error: 'Enter the 10-character M-Pesa reference of the payout' }) });

/**
 * Payouts on the admin API (decision 0051), mounted at /api/admin:
 *   GET  /payouts?failed=1          newest first; failed=1: failed and unknown only
 *   GET  /payouts/reconciliation    the ledger's mpesa_clearing against the payouts in flight, and every mismatch
 *   GET  /orders/:id/payouts        one order's payouts
 *   POST /payouts/:id/retry         a failed payout, sent again with a new OriginatorConversationID
 *   POST /payouts/:id/reference     { reference }: paid by hand; references are M-Pesa receipts
 */
export function adminPayoutsRoutes(h: EscrowHttp): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const notFound = { ok: false, error: { code: 'PAYOUT_NOT_FOUND' } } as const;

  app.get('/payouts', routeDoc({ tag: 'admin', caller: ['session'], summary: 'Payouts, newest first (failed=1: failed and unknown only)', ok: { description: 'A page of payouts', schema: payoutsAnswerSchema }, errors: [401, 403] }), adminOnly, queryOf(listQuery), async (c) => {
    const caller = adminCaller(c);
    if (!caller.ok) return caller.response;
    c.header('Cache-Control', 'no-store');
    const query = c.req.valid('query');
    const found = await listPayouts(h.deps, { actor: caller.actor, failedOnly: query.failed !== undefined, ...(query.limit ? { limit: query.limit } : {}) });
    return sendResult(c, found.ok ? { ok: true, value: { payouts: found.value.map((p) => payoutView(p, h.deps)), mode: h.deps.payouts?.mode ?? 'manual' } satisfies Wire<PayoutsAnswer> } : found);
  });

  // Reconciliation (issue 17): what does not match between the ledger, the payouts and M-Pesa's reports.
  app.get('/payouts/reconciliation', routeDoc({ tag: 'admin', caller: ['session'], summary: 'The ledger\'s M-Pesa clearing against the payouts in flight, and every mismatch', ok: { description: 'The reconciliation', schema: payoutReconciliationAnswerSchema }, errors: [401, 403] }), adminOnly, async (c) => {
    const caller = adminCaller(c);
    if (!caller.ok) return caller.response;
    c.header('Cache-Control', 'no-store');
    const report = await reconcilePayouts(h.deps, { actor: caller.actor });
    return sendResult(c, report.ok ? { ok: true, value: { ...report.value, checkedAt: report.value.checkedAt.toISOString() } satisfies Wire<PayoutReconciliationAnswer> } : report);
  });

  app.get('/orders/:id/payouts', routeDoc({ tag: 'admin', caller: ['session'], summary: 'One order\'s payouts', ok: { description: '`{ payouts }`', schema: payoutsAnswerSchema }, errors: [401, 403, 404] }), adminOnly, async (c) => {
    const caller = adminCaller(c);
    if (!caller.ok) return caller.response;
    c.header('Cache-Control', 'no-store');
    const orderId = c.req.param('id');
    if (!SESSION_ORDER_ID_FORMAT.test(orderId)) return orderNotFound(c);
    const payouts = await h.deps.store.read(async (tx) => ((await tx.orders.get(orderId)) ? tx.payouts.listByOrder(orderId) : null));
    if (!payouts) return orderNotFound(c);
    return sendResult(c, { ok: true, value: { payouts: payouts.map((p) => payoutView(p, h.deps)), mode: h.deps.payouts?.mode ?? 'manual' } satisfies Wire<PayoutsAnswer> });
  });

  app.post('/payouts/:id/retry', routeDoc({ tag: 'admin', caller: ['session'], summary: 'Send a failed payout again (a new OriginatorConversationID)', ok: { description: 'The payout, sent again', schema: payoutChangedSchema }, errors: [401, 403, 404, 409], idempotent: true }), adminOnly, async (c) => {
    const caller = adminCaller(c);
    if (!caller.ok) return caller.response;
    const payoutId = c.req.param('id');
    if (!PAYOUT_ID_FORMAT.test(payoutId)) return sendResult(c, notFound);
    const response = await idempotent(
      c,
      h.keys,
      { scope: caller.scope, fingerprint: { retry: payoutId } },
      () => retryPayout(h.deps, { payoutId, actor: caller.actor }),
      (result) => answerOf(result.ok ? { ok: true, value: { payout: payoutView(result.value, h.deps), message: PAYOUT_MESSAGES.retried } satisfies Wire<PayoutChanged> } : result),
    );
    h.wakePayouts?.();
    return response;
  });

  app.post('/payouts/:id/reference', routeDoc({ tag: 'admin', caller: ['session'], summary: 'Record a payout paid by hand, with its M-Pesa receipt', ok: { description: 'The payout, paid', schema: payoutChangedSchema }, errors: [401, 403, 404, 409, 415], idempotent: true }), adminOnly, jsonBodyLimit(), jsonBody(referenceSchema), async (c) => {
    const caller = adminCaller(c);
    if (!caller.ok) return caller.response;
    const payoutId = c.req.param('id');
    if (!PAYOUT_ID_FORMAT.test(payoutId)) return sendResult(c, notFound);
    const input = c.req.valid('json');
    return idempotent(
      c,
      h.keys,
      { scope: caller.scope, fingerprint: { record: payoutId, ...input } },
      () => recordPayoutReference(h.deps, { payoutId, actor: caller.actor, reference: input.reference }),
      (result) => answerOf(result.ok ? { ok: true, value: { payout: payoutView(result.value, h.deps), message: PAYOUT_MESSAGES.recorded } satisfies Wire<PayoutChanged> } : result),
    );
  });
  return app;
}
