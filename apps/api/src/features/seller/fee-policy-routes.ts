import { feePolicyAnswerSchema } from '@escrow/core/view-schemas';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { sendResult } from '../../http/error-handler.js';
import type { EscrowHttp } from '../escrow-context.js';
import { sellerCaller, sellerOnly } from '../../http/require-seller.js';
import { routeDoc } from '../../http/openapi.js';

/**
 * GET /api/seller/fee-policy: the service fee the server charges (FEE_BASIS_POINTS, 250 = 2.5%),
 * so the create-order screen previews the fee and payouts with core's own `computeOrderMoney`
 * on the very policy the server will apply, not on a default baked into the browser.
 */
export function sellerFeePolicyRoutes(h: EscrowHttp): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/fee-policy', routeDoc({ tag: 'seller', caller: ['session'], summary: 'The service fee the server charges (basis points)', ok: { description: 'The fee policy', schema: feePolicyAnswerSchema }, errors: [401, 403, 404] }), sellerOnly, (c) => {
    const caller = sellerCaller(c);
    if (!caller.ok) return caller.response;
    c.header('Cache-Control', 'no-store');
    return sendResult(c, { ok: true, value: { feeBasisPoints: h.deps.fees.basisPoints } });
  });
  return app;
}
