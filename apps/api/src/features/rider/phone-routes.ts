import {
  catalogue,
  phoneOfRiderProof,
  requestRiderPhoneCode,
  revokeRiderPhoneProof,
  RIDER_PHONE_CODE_RESEND_AFTER_MS,
  RIDER_PHONE_RATE_LIMITS,
  verifyRiderPhoneCode,
  type RiderPhoneCodeSent,
  type RiderPhoneForgotten,
  type RiderPhoneProven,
  type Wire,
} from '@escrow/core';
import { riderPhoneCodeCheckSchema, riderPhoneCodeRequestSchema } from '@escrow/core/validation';
import { riderPhoneCodeSentSchema, riderPhoneForgottenSchema, riderPhoneProvenSchema, riderProvenPhoneSchema } from '@escrow/core/view-schemas';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { answerOf, sendResult } from '../../http/error-handler.js';
import type { EscrowHttp } from '../escrow-context.js';
import { rateLimited } from '../../http/escrow-rate-limits.js';
import { idempotent } from '../../http/idempotency.js';
import { jsonBody } from '../../http/json-body.js';
import { clearRiderProof, readRiderProof, writeRiderProof } from '../../http/rider-proof-cookie.js';
import { languageOf } from '../../http/request-language.js';
import { routeDoc } from '../../http/openapi.js';

/**
 * Riders prove their phone (PRODUCT-DECISIONS, Real money; decision 0046), mounted at /api/rider:
 *   POST   /phone-code    { phone }: a 6-digit code by SMS, if a seller lists the phone; the same
 *                         answer either way. Per address and per phone (3 per 15 minutes, 10 a day).
 *   POST   /phone-proof   { phone, code }: a right code sets the proof cookie (30 days); wrong codes
 *                         are counted (5 spend the code). Per address and per phone.
 *   GET    /phone-proof   which phone this browser has proved: `{ phone }` or `{ phone: null }`, 200 either
 *                         way, so a page that only asks never logs a failed request.
 *   DELETE /phone-proof   forgets this browser's proof, on the server too.
 * Browsing and taking jobs by phone (job-routes.ts) need the proof; the rider link does not.
 */
export function riderPhoneRoutes(h: EscrowHttp): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const limits = { rateLimiter: h.rateLimiter, clock: h.deps.clock };

  app.post('/phone-code', routeDoc({ tag: 'rider', summary: 'Send a 6-digit code by SMS to a rider\'s phone (the same answer whether a seller lists it or not)', ok: { description: 'The code was sent if a seller lists the phone; when to ask again', schema: riderPhoneCodeSentSchema }, errors: [429], idempotent: true }), jsonBody(riderPhoneCodeRequestSchema), async (c) => {
    const { phone } = c.req.valid('json');
    const limited = await rateLimited(c, limits, [
      [RIDER_PHONE_RATE_LIMITS.codeRequestsPerAddress, h.address(c)],
      [RIDER_PHONE_RATE_LIMITS.codeRequestsPerPhone, phone],
      [RIDER_PHONE_RATE_LIMITS.codeRequestsPerPhoneDaily, phone],
    ]);
    if (limited) return limited;
    c.header('Cache-Control', 'no-store');
    const response = await idempotent(
      c,
      h.keys,
      { scope: `rider-phone-code\n${phone}`, fingerprint: { phone } },
      (keyed) => requestRiderPhoneCode(h.riderPhone, { input: { phone }, locale: languageOf(c) }, keyed()),
      (result) =>
        answerOf(
          result.ok
            ? {
                ok: true,
                value: {
                  sent: true,
                  phone: result.value.phone,
                  expiresAt: result.value.expiresAt.toISOString(),
                  resendAfterSeconds: RIDER_PHONE_CODE_RESEND_AFTER_MS / 1000,
                  message: catalogue.rider.phoneCodeSent,
                } satisfies Wire<RiderPhoneCodeSent>,
              }
            : result,
        ),
    );
    if (response.ok) h.sendOutboxSoon?.();
    return response;
  });

  // Not keyed: its answer is a cookie, which a stored answer could not give again.
  app.post('/phone-proof', routeDoc({ tag: 'rider', summary: 'Prove the phone with the code: sets the rider_proof cookie (30 days)', ok: { description: 'The phone proven; Set-Cookie holds the proof', schema: riderPhoneProvenSchema }, errors: [429] }), jsonBody(riderPhoneCodeCheckSchema), async (c) => {
    const input = c.req.valid('json');
    const limited = await rateLimited(c, limits, [
      [RIDER_PHONE_RATE_LIMITS.codeChecksPerAddress, h.address(c)],
      [RIDER_PHONE_RATE_LIMITS.codeChecksPerPhone, input.phone],
    ]);
    if (limited) return limited;
    c.header('Cache-Control', 'no-store');
    const result = await verifyRiderPhoneCode(h.riderPhone, { input });
    if (!result.ok) return sendResult(c, result);
    // A browser holds one phone's proof: the one it replaces stops working too.
    const previous = readRiderProof(c);
    if (previous) await revokeRiderPhoneProof(h.riderPhone, { token: previous });
    writeRiderProof(c, result.value, h.secureCookies, h.deps.clock.now());
    return c.json({ data: { phone: result.value.phone, expiresAt: result.value.expiresAt.toISOString(), message: catalogue.rider.phoneVerified } satisfies Wire<RiderPhoneProven> }, 200);
  });

  app.get('/phone-proof', routeDoc({ tag: 'rider', caller: ['riderProof'], summary: 'Which phone this browser has proved (`{ phone: null }` when none)', ok: { description: '`{ phone }`, null when none', schema: riderProvenPhoneSchema } }), async (c) => {
    c.header('Cache-Control', 'no-store');
    return sendResult(c, await phoneOfRiderProof(h.riderPhone, { token: readRiderProof(c) }));
  });

  // Keyed like every write (a malformed key is refused); revoking twice is revoking once anyway.
  app.delete('/phone-proof', routeDoc({ tag: 'rider', caller: ['riderProof'], summary: 'Forget this browser\'s phone proof, on the server too', ok: { description: 'The proof forgotten; the cookie is cleared', schema: riderPhoneForgottenSchema }, idempotent: true }), async (c) => {
    const token = readRiderProof(c);
    clearRiderProof(c, h.secureCookies);
    return idempotent(
      c,
      h.keys,
      { scope: `rider-phone-proof\n${token ?? ''}`, fingerprint: { signOut: true } },
      () => revokeRiderPhoneProof(h.riderPhone, { token }),
      () => answerOf({ ok: true, value: { signedOut: true, message: catalogue.rider.signedOutOfPhone } satisfies Wire<RiderPhoneForgotten> }),
    );
  });

  return app;
}
