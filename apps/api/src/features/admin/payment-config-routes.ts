import {
  catalogue,
  getPaymentConfig,
  paymentConfigView,
  updatePaymentConfig,
  type AdminDeps,
  type PaymentConfigAnswer,
  type PaymentConfigSaved,
  type Wire,
} from '@escrow/core';
import { paymentConfigSchema } from '@escrow/core/validation';
import { paymentConfigAnswerSchema, paymentConfigSavedSchema } from '@escrow/core/view-schemas';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { answerOf, sendResult } from '../../http/error-handler.js';
import { paymentDefaults, type EscrowHttp } from '../escrow-context.js';
import { idempotent } from '../../http/idempotency.js';
import { jsonBody } from '../../http/json-body.js';
import { adminCaller, adminOnly } from '../../http/require-admin.js';
import { jsonBodyLimit } from '../../http/request-input.js';
import { routeDoc } from '../../http/openapi.js';

/**
 * The Paybill shown to every buyer (Admin tab, Payment Configuration dialog):
 *   GET /payment-config  { config: { businessNumber, accountNumber, accountName, updatedAt, updatedBy, source } }
 *                        source 'saved' (an admin saved it) or 'default' (the operator's environment; unset fields null)
 *   PUT /payment-config  { businessNumber, accountNumber, accountName }, all required and trimmed
 *                        ('Please fill in all payment information'), then format checks; saved with
 *                        an audit row and an e-mail to every admin, in one transaction.
 * PUT sets the whole configuration, so repeating it is harmless; an Idempotency-Key is still honoured
 * (the same answer again, decision 0011) like on every admin write.
 */
export function adminPaymentConfigRoutes(h: EscrowHttp, deps: AdminDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const defaults = paymentDefaults(h.paybill);

  app.get('/payment-config', routeDoc({ tag: 'admin', caller: ['session'], summary: 'The Paybill shown to buyers, saved or the default', ok: { description: '`{ config }` with its source (saved or default)', schema: paymentConfigAnswerSchema }, errors: [401, 403] }), adminOnly, async (c) => {
    const caller = adminCaller(c);
    if (!caller.ok) return caller.response;
    c.header('Cache-Control', 'no-store');
    const result = await getPaymentConfig(deps, { actor: caller.actor, defaults });
    return sendResult(c, result.ok ? { ok: true, value: { config: paymentConfigView(result.value) } satisfies Wire<PaymentConfigAnswer> } : result);
  });

  app.put('/payment-config', routeDoc({ tag: 'admin', caller: ['session'], summary: 'Set the Paybill shown to buyers (every admin is emailed)', ok: { description: 'The configuration saved', schema: paymentConfigSavedSchema }, errors: [401, 403, 415], idempotent: true }), adminOnly, jsonBodyLimit(), jsonBody(paymentConfigSchema), async (c) => {
    const caller = adminCaller(c);
    if (!caller.ok) return caller.response;
    const input = c.req.valid('json');
    return idempotent(
      c,
      h.keys,
      { scope: caller.scope, fingerprint: { paymentConfig: input } },
      async (keyed) => {
        const result = await updatePaymentConfig(deps, { actor: caller.actor, input }, keyed());
        if (result.ok) h.paybillSource.invalidate();
        return result;
      },
      (result) => answerOf(result.ok ? { ok: true, value: { config: paymentConfigView(result.value), message: catalogue.admin.paymentConfigurationUpdated } satisfies Wire<PaymentConfigSaved> } : result),
    );
  });

  return app;
}
