import { addRider, catalogue, deleteRider, listRiders, riderView, type RiderAdded, type RiderDeleted, type RidersAnswer, type Wire } from '@escrow/core';
import { addRiderSchema } from '@escrow/core/validation';
import { riderAddedSchema, riderDeletedSchema, ridersAnswerSchema } from '@escrow/core/view-schemas';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { answerOf, sendResult } from '../../http/error-handler.js';
import type { EscrowHttp } from '../escrow-context.js';
import { idempotent } from '../../http/idempotency.js';
import { jsonBody } from '../../http/json-body.js';
import { sellerCaller, sellerOnly } from '../../http/require-seller.js';
import { jsonBodyLimit } from '../../http/request-input.js';
import { routeDoc } from '../../http/openapi.js';

/** Rider ids are UUIDs; anything else is a rider this seller does not have. */
const RIDER_ID_FORMAT = /^[A-Za-z0-9_-]{1,100}$/;

/**
 * The seller's rider list (the rider management dialog), mounted at /api/seller:
 *   GET    /riders       the list, in the order riders were added
 *   POST   /riders       { name, phone, motorbikePlate }: all required ('Please fill in all fields')
 *   DELETE /riders/:id   remove one of the seller's own riders
 * Adding a phone that is already on the list returns that rider (no duplicate).
 */
export function sellerRidersRoutes(h: EscrowHttp): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/riders', routeDoc({ tag: 'seller', caller: ['session'], summary: 'The seller\'s riders, in the order they were added', ok: { description: '`{ riders }`', schema: ridersAnswerSchema }, errors: [401, 403, 404] }), sellerOnly, async (c) => {
    const caller = sellerCaller(c);
    if (!caller.ok) return caller.response;
    c.header('Cache-Control', 'no-store');
    const result = await listRiders(h.deps, { actor: caller.actor });
    return sendResult(c, result.ok ? { ok: true, value: { riders: result.value.map(riderView) } satisfies Wire<RidersAnswer> } : result);
  });

  app.post('/riders', routeDoc({ tag: 'seller', caller: ['session'], summary: 'Add a rider (a phone already listed returns that rider)', ok: { status: 201, description: 'The rider', schema: riderAddedSchema }, errors: [401, 403, 404, 415], idempotent: true }), sellerOnly, jsonBodyLimit(), jsonBody(addRiderSchema), async (c) => {
    const caller = sellerCaller(c);
    if (!caller.ok) return caller.response;
    const input = c.req.valid('json');
    return idempotent(
      c,
      h.keys,
      { scope: caller.scope, fingerprint: { addRider: input } },
      (keyed) => addRider(h.deps, { actor: caller.actor, name: input.name, phone: input.phone, motorbikePlate: input.motorbikePlate }, keyed()),
      (result) => answerOf(result.ok ? { ok: true, value: { rider: riderView(result.value), message: catalogue.seller.riderAdded } satisfies Wire<RiderAdded> } : result, 201),
    );
  });

  app.delete('/riders/:id', routeDoc({ tag: 'seller', caller: ['session'], summary: 'Remove one of the seller\'s riders', ok: { description: 'The rider removed', schema: riderDeletedSchema }, errors: [401, 403, 404], idempotent: true }), sellerOnly, async (c) => {
    const caller = sellerCaller(c);
    if (!caller.ok) return caller.response;
    const riderId = c.req.param('id');
    if (!RIDER_ID_FORMAT.test(riderId)) return sendResult(c, { ok: false, error: { code: 'RIDER_NOT_FOUND' } });
    return idempotent(
      c,
      h.keys,
      { scope: caller.scope, fingerprint: { deleteRider: riderId } },
      (keyed) => deleteRider(h.deps, { actor: caller.actor, riderId }, keyed()),
      (result) => answerOf(result.ok ? { ok: true, value: { riderId, message: catalogue.seller.riderRemoved } satisfies Wire<RiderDeleted> } : result),
    );
  });

  return app;
}
