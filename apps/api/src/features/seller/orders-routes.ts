import {
  assignRider,
  cancelOrder,
  catalogue,
  createOrderWithPhotos,
  getSellerOrder,
  listSellerOrders,
  removeRider,
  requestRefund,
  sellerOrderSummary,
  sellerOrderView,
  unlockDeliveryCode,
  viewTexts,
  type EscrowQueries,
  type IdempotentAnswer,
  type Order,
  type Result,
  type RefundRequestRecorded,
  type SellerOrderChanged,
  type SellerOrderCreated,
  type SellerOrdersAnswer,
  type Wire,
} from '@escrow/core';
import { assignRiderSchema, optionalText, orderFormSchema, refundRequestSchema } from '@escrow/core/validation';
import { refundRequestRecordedSchema, sellerOrderChangedSchema, sellerOrderCreatedSchema, sellerOrderViewSchema, sellerOrdersAnswerSchema } from '@escrow/core/view-schemas';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/app-env.js';
import { answerOf, sendResult } from '../../http/error-handler.js';
import type { EscrowHttp } from '../escrow-context.js';
import { idempotent, type KeyedOptions } from '../../http/idempotency.js';
import { jsonBody } from '../../http/json-body.js';
import { orderLinks, orderNotFound, SESSION_ORDER_ID_FORMAT } from '../shared/session-orders.js';
import { sellerCaller, sellerOnly } from '../../http/require-seller.js';
import { jsonBodyLimit, pageQuerySchema, queryOf } from '../../http/request-input.js';
import { orderFormBodyLimit, readNewOrder } from './new-order-input.js';
import { routeDoc } from '../../http/openapi.js';

export const ORDER_CANCELLED_MESSAGE = viewTexts.answers.orderCancelled;
export const RIDER_ASSIGNED_MESSAGE = viewTexts.answers.riderAssigned;
export const CODE_UNLOCKED_MESSAGE = viewTexts.answers.codeUnlocked;

const cancelSchema = z.object({ reason: optionalText({ max: 500, tooLong: viewTexts.refusals.cancelReasonTooLong, invalid: 'The reason contains a character that is not allowed' }) });

/**
 * The seller's orders, mounted at /api/seller (a session with a seller record; the seller id
 * comes from the session only). Another seller's order answers exactly like a missing one.
 *   GET    /orders                     own orders, newest first: ?page=&pageSize= (with total)
 *   GET    /orders/:id                 one order, seller data joined, code and links
 *   POST   /orders                     create (JSON, or multipart with productPhoto/packagedPhoto)
 *   POST   /orders/:id/cancel          before payment
 *   POST   /orders/:id/rider           assign or change: { riderId } | { newRiderName, newRiderPhone }
 *   DELETE /orders/:id/rider           remove the rider (their link stops working)
 *   POST   /orders/:id/unlock-code     after 5 wrong delivery codes
 *   POST   /orders/:id/refund-request  record that the buyer rejected the item
 * Every POST and DELETE accepts an Idempotency-Key (docs/decisions/0011).
 */
export function sellerOrdersRoutes(h: EscrowHttp, queries: EscrowQueries): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  /** The answer to a change: the order's list row and its links (the rider link carries the new key). */
  const changed = (c: Context, message?: string) => (result: Result<Order>) =>
    answerOf(result.ok ? { ok: true, value: { order: sellerOrderSummary(result.value), links: orderLinks(c, h, result.value), ...(message ? { message } : {}) } satisfies Wire<SellerOrderChanged> } : result);

  /** Resolves the seller and the order id of a `/orders/:id/...` request, then runs its one change at most once per key. */
  const orderChange = <T>(
    c: Context<AppEnv>,
    fingerprint: unknown,
    run: (orderId: string, actor: { kind: 'seller'; sellerId: string }, keyed: KeyedOptions) => Promise<Result<T>>,
    render: (result: Result<T>) => IdempotentAnswer,
  ) => {
    const caller = sellerCaller(c);
    if (!caller.ok) return caller.response;
    const orderId = c.req.param('id') ?? '';
    if (!SESSION_ORDER_ID_FORMAT.test(orderId)) return orderNotFound(c);
    return idempotent(c, h.keys, { scope: caller.scope, fingerprint }, (keyed) => run(orderId, { kind: 'seller', sellerId: caller.sellerId }, keyed), render);
  };

  app.get('/orders', routeDoc({ tag: 'seller', caller: ['session'], summary: 'Own orders, newest first, a page at a time (with the total)', ok: { description: 'A page of orders and the total', schema: sellerOrdersAnswerSchema }, errors: [401, 403, 404] }), sellerOnly, queryOf(pageQuerySchema), async (c) => {
    const caller = sellerCaller(c);
    if (!caller.ok) return caller.response;
    c.header('Cache-Control', 'no-store');
    const { page, pageSize } = c.req.valid('query');
    const result = await listSellerOrders({ queries }, { actor: caller.actor, page, pageSize });
    return sendResult(c, result.ok ? { ok: true, value: { orders: result.value.items.map(sellerOrderSummary), total: result.value.total, page: result.value.page, pageSize: result.value.pageSize } satisfies Wire<SellerOrdersAnswer> } : result);
  });

  app.get('/orders/:id', routeDoc({ tag: 'seller', caller: ['session'], summary: 'One own order, with its code and links', ok: { description: 'The order', schema: sellerOrderViewSchema }, errors: [401, 403, 404] }), sellerOnly, async (c) => {
    const caller = sellerCaller(c);
    if (!caller.ok) return caller.response;
    c.header('Cache-Control', 'no-store');
    const orderId = c.req.param('id');
    if (!SESSION_ORDER_ID_FORMAT.test(orderId)) return orderNotFound(c);
    const result = await getSellerOrder(h.deps, { orderId, actor: caller.actor });
    if (!result.ok) return sendResult(c, result);
    const { order, ...extras } = result.value;
    return sendResult(c, { ok: true, value: sellerOrderView(order, { ...extras, links: orderLinks(c, h, order) }) });
  });

  app.post('/orders', routeDoc({ tag: 'seller', caller: ['session'], summary: 'Create an order (JSON, or multipart with productPhoto and packagedPhoto)', jsonSchema: orderFormSchema, multipart: 'The order form\'s fields, plus optional `productPhoto` and `packagedPhoto` files (10 MB each)', ok: { status: 201, description: 'The new order, with its links', schema: sellerOrderCreatedSchema }, errors: [401, 403, 404, 409, 413, 429], idempotent: true }), sellerOnly, orderFormBodyLimit(), async (c) => {
    const caller = sellerCaller(c);
    if (!caller.ok) return caller.response;
    const request = await readNewOrder(c);
    if (!request.ok) return request.response;
    const { input, productPhoto, packagedPhoto } = request;
    return idempotent(
      c,
      h.keys,
      { scope: caller.scope, fingerprint: { input, productPhoto, packagedPhoto } },
      (keyed) => createOrderWithPhotos({ ...h.deps, files: h.files }, { actor: caller.actor, input, productPhoto, packagedPhoto }, keyed()),
      (result) => {
        if (!result.ok) return answerOf(result);
        const order = result.value;
        const view = sellerOrderView(order, { seller: null, feedback: null, openRefundRequest: null, riderPayments: [], links: orderLinks(c, h, order) });
        return answerOf({ ok: true, value: { order: view, message: catalogue.seller.orderCreated } satisfies Wire<SellerOrderCreated> }, 201);
      },
    );
  });

  app.post('/orders/:id/cancel', routeDoc({ tag: 'seller', caller: ['session'], summary: 'Cancel an order before payment', ok: { description: 'The order, cancelled', schema: sellerOrderChangedSchema }, errors: [401, 403, 404, 409, 415], idempotent: true }), sellerOnly, jsonBodyLimit(), jsonBody(cancelSchema), async (c) => {
    const input = c.req.valid('json');
    return orderChange(c, input, (orderId, actor, keyed) => cancelOrder(h.deps, { orderId, actor, reason: input.reason }, keyed()), changed(c, ORDER_CANCELLED_MESSAGE));
  });

  app.post('/orders/:id/rider', routeDoc({ tag: 'seller', caller: ['session'], summary: 'Assign or change the rider (one of the list, or a new one)', ok: { description: 'The order with its new rider link', schema: sellerOrderChangedSchema }, errors: [401, 403, 404, 409, 415], idempotent: true }), sellerOnly, jsonBodyLimit(), jsonBody(assignRiderSchema), async (c) => {
    const input = c.req.valid('json');
    const rider = input.kind === 'existing' ? { riderId: input.riderId } : { name: input.name, phone: input.phone };
    return orderChange(c, input, (orderId, actor, keyed) => assignRider(h.deps, { orderId, actor, rider }, keyed()), changed(c, RIDER_ASSIGNED_MESSAGE));
  });

  app.delete('/orders/:id/rider', routeDoc({ tag: 'seller', caller: ['session'], summary: 'Remove the rider (their link stops working)', ok: { description: 'The order without a rider', schema: sellerOrderChangedSchema }, errors: [401, 403, 404, 409], idempotent: true }), sellerOnly, async (c) =>
    orderChange(c, { removeRider: true }, (orderId, actor, keyed) => removeRider(h.deps, { orderId, actor }, keyed()), changed(c, catalogue.seller.riderRemoved)),
  );

  app.post('/orders/:id/unlock-code', routeDoc({ tag: 'seller', caller: ['session'], summary: 'Unlock the delivery code after 5 wrong tries', ok: { description: 'The order, its code unlocked', schema: sellerOrderChangedSchema }, errors: [401, 403, 404, 409], idempotent: true }), sellerOnly, async (c) =>
    orderChange(c, { unlock: true }, (orderId, actor, keyed) => unlockDeliveryCode(h.deps, { orderId, actor }, keyed()), changed(c, CODE_UNLOCKED_MESSAGE)),
  );

  app.post('/orders/:id/refund-request', routeDoc({ tag: 'seller', caller: ['session'], summary: 'Record that the buyer rejected the item (a refund request)', ok: { description: 'The refund request recorded', schema: refundRequestRecordedSchema }, errors: [401, 403, 404, 409, 415], idempotent: true }), sellerOnly, jsonBodyLimit(), jsonBody(refundRequestSchema), async (c) => {
    const input = c.req.valid('json');
    return orderChange(
      c,
      input,
      (orderId, actor, keyed) => requestRefund(h.deps, { orderId, actor, reason: input.reason }, keyed()),
      (result) => {
        if (!result.ok) return answerOf(result);
        const { id, status, reason, createdAt } = result.value;
        return answerOf({ ok: true, value: { refundRequest: { id, status, reason, createdAt: createdAt.toISOString() }, message: viewTexts.answers.buyerRejected } satisfies Wire<RefundRequestRecorded> }, 201);
      },
    );
  });

  return app;
}
