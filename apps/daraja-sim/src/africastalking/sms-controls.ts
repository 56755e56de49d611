import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { z } from 'zod';
import { SimControlError } from '../controls/sim-control-error.js';
import { isHttpUrl } from '../http/fields.js';
import type { SimSmsControls } from '../public-types.js';
import type { SimWorld } from '../sim-world.js';
import { kenyanE164 } from './kenyan-number.js';
import { smsBehaviourSchema } from './sms-behaviour-book.js';

/** The SMS controls, one implementation for `sim.sms` and for /sim/sms over HTTP. */
export function smsControls(world: SimWorld): SimSmsControls {
  const number = (value: string): string => {
    const e164 = kenyanE164(value);
    if (!e164) throw new SimControlError('invalid', 'number must be a Kenyan mobile number such as 0712345678 or +254712345678');
    return e164;
  };
  return {
    messagesTo: (n) => world.sms.messagesTo(number(n)),
    sent: () => world.sms.sent(),
    setBehaviour: (n, behaviour) => world.smsBehaviours.set(number(n), behaviour),
    setDeliveryReportUrl(url) {
      if (url !== null && !isHttpUrl(url)) throw new SimControlError('invalid', 'url must be an http(s) URL, or null');
      world.sms.setDeliveryReportUrl(url);
    },
    deliveryReportUrl: () => world.sms.deliveryReportUrl(),
    reset() {
      world.sms.reset();
      world.smsBehaviours.reset();
    },
  };
}

const STATUS_BY_CODE = { invalid: 400, not_found: 404, not_pending: 409 } as const;

function jsonObject(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new SimControlError('invalid', 'The body must be a JSON object');
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new SimControlError('invalid', parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
  return parsed.data;
}

/**
 * The SMS controls over HTTP (JSON, CORS open), for tests in other processes and the phone page:
 *   GET  /sim/sms/messages?number=0712345678   what that phone received, newest first
 *   GET  /sim/sms/messages                     every recipient of every request, oldest first
 *   GET  /sim/sms/recipients                   the numbers that received an SMS, latest first
 *   POST /sim/sms/behaviours {number, statusCode?, times?, deliveryReports?, failureReason?}
 *   POST /sim/sms/delivery-report-url {url}     (null: no reports)
 *   POST /sim/sms/reset
 */
export function smsSimRoutes(controls: SimSmsControls, recipients: () => string[]): Hono {
  const app = new Hono();
  app.use('/sim/sms/*', cors());
  app.onError((error, c) => {
    if (error instanceof SimControlError) return c.json({ error: { code: error.code, message: error.message } }, STATUS_BY_CODE[error.code]);
    throw error;
  });
  app.get('/sim/sms/messages', (c) => {
    const number = c.req.query('number');
    return c.json(number === undefined ? controls.sent() : controls.messagesTo(number));
  });
  app.get('/sim/sms/recipients', (c) => c.json(recipients()));
  app.post('/sim/sms/behaviours', async (c) => {
    const { number, ...behaviour } = parse(smsBehaviourSchema.extend({ number: z.string() }), jsonObject(await c.req.text()));
    controls.setBehaviour(number, behaviour);
    return c.body(null, 204);
  });
  app.post('/sim/sms/delivery-report-url', async (c) => {
    const { url } = parse(z.strictObject({ url: z.string().nullable() }), jsonObject(await c.req.text()));
    controls.setDeliveryReportUrl(url);
    return c.body(null, 204);
  });
  app.post('/sim/sms/reset', (c) => {
    controls.reset();
    return c.body(null, 204);
  });
  return app;
}
