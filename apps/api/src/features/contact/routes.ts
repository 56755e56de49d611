import { catalogue, submitContactMessage, type ContactMessageSent, type Clock, type ContactStore, type EventBus, type Random, type RateLimiter, type RateLimitRule } from '@escrow/core';
import { contactFormSchema } from '@escrow/core/validation';
import { contactMessageSentSchema } from '@escrow/core/view-schemas';
import { Hono, type MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { clientAddress } from '../../http/client-address.js';
import { sendResult, type ErrorBody } from '../../http/error-handler.js';
import { jsonBody } from '../../http/json-body.js';
import { routeDoc } from '../../http/openapi.js';

/**
 * Messages per address per hour. Generous because Kenyan mobile networks put many
 * subscribers behind one carrier-grade NAT address; enough to stop a script filling the
 * admins' Contacts tab from one machine.
 */
export const CONTACT_RATE_LIMIT: RateLimitRule = { name: 'contact:address', limit: 10, windowMs: 60 * 60_000 };

/** The largest valid message is well under 8 kB of JSON even in multi-byte scripts. */
export const CONTACT_MAX_BODY_BYTES = 16 * 1024;

export interface ContactRouteDeps {
  readonly contacts: ContactStore;
  readonly clock: Clock;
  readonly random: Random;
  readonly rateLimiter: RateLimiter;
  /** Config TRUST_PROXY_HOPS: how far X-Forwarded-For may be believed for the address. */
  readonly trustProxyHops?: number;
  /** Tells the admins' live stream about each new message. */
  readonly events?: EventBus;
}

/** Counts every POST against its address before anything else is done with it. */
function limitPerAddress(deps: ContactRouteDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const now = deps.clock.now();
    const decision = await deps.rateLimiter.hit(CONTACT_RATE_LIMIT, clientAddress(c, deps.trustProxyHops), now);
    if (decision.allowed) return next();
    c.header('Retry-After', String(Math.max(1, Math.ceil((decision.resetAt.getTime() - now.getTime()) / 1000))));
    const body: ErrorBody = { error: { code: 'RATE_LIMITED', message: catalogue.contact.tooManyMessages } };
    return c.json(body, 429);
  };
}

/**
 * POST /api/contact: the public contact form. Body { name, email, phone?, message }, checked
 * with the form's own schema (400 with the first failing message, as the form shows it);
 * 201 { data: { id } } once stored; 429 over the per-address limit; 413 for a huge body.
 */
export function contactRoutes(deps: ContactRouteDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // The body is read only after the count, by jsonBody, which enforces the size limit while
  // reading. (Hono's bodyLimit here used to start the body's web stream before the count; on
  // PostgreSQL the count took long enough for an empty body to end unseen, and the request hung.)
  app.post(
    '/',
    routeDoc({ tag: 'contact', summary: 'Send a message through the public contact form', ok: { status: 201, description: '`{ id }` once stored', schema: contactMessageSentSchema }, errors: [413, 429] }), limitPerAddress(deps),
    jsonBody(contactFormSchema, { maxBytes: CONTACT_MAX_BODY_BYTES, tooLargeMessage: catalogue.validation.contact.messageTooLong }),
    async (c) => {
      const result = await submitContactMessage(deps, c.req.valid('json'));
      // Only the id goes back: the message's personal data stays on the server.
      return sendResult(c, result.ok ? { ok: true, value: { id: result.value.id } satisfies ContactMessageSent } : result, 201);
    },
  );
  return app;
}
