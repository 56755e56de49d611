import { Hono, type Context } from 'hono';
import { cors } from 'hono/cors';
import { z } from 'zod';
import type { PayBillInput } from '../public-types.js';
import { stkBehaviourSchema } from '../stk/behaviour-book.js';
import { SimControlError } from './sim-control-error.js';
import type { SimControls } from './sim-controls.js';

const STATUS_BY_CODE = { invalid: 400, not_found: 404, not_pending: 409 } as const;

/** An empty body reads as {}; anything else must be a JSON object. */
async function jsonObject(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SimControlError('invalid', 'The body is not JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new SimControlError('invalid', 'The body must be a JSON object');
  return value as Record<string, unknown>;
}

function parse<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new SimControlError('invalid', parsed.error.issues.map((i) => `${i.path.join('.') || 'body'}: ${i.message}`).join('; '));
  return parsed.data;
}

/**
 * The test controls over HTTP (JSON), for tests in other processes and for browser tests.
 * CORS is open: a page of the app under test may drive the simulator from its own origin.
 */
export function simRoutes(controls: SimControls): Hono {
  const app = new Hono();
  app.use('/sim/*', cors());
  app.onError((error, c) => {
    if (error instanceof SimControlError) return c.json({ error: { code: error.code, message: error.message } }, STATUS_BY_CODE[error.code]);
    throw error;
  });
  app.get('/sim/prompts', (c) => c.json(controls.prompts()));
  app.post('/sim/prompts/:id/approve', async (c) => {
    const { pin } = parse(z.object({ pin: z.string().optional() }), await jsonObject(c));
    return c.json(await controls.approve(c.req.param('id'), pin));
  });
  app.post('/sim/prompts/:id/cancel', async (c) => c.json(await controls.cancel(c.req.param('id'))));
  app.post('/sim/behaviours', async (c) => {
    const { msisdn, ...behaviour } = parse(stkBehaviourSchema.extend({ msisdn: z.string() }), await jsonObject(c));
    controls.setStkBehaviour(msisdn, behaviour);
    return c.body(null, 204);
  });
  app.post('/sim/spike-arrest', async (c) => {
    const { count } = parse(z.object({ count: z.number() }), await jsonObject(c));
    controls.spikeArrest(count);
    return c.body(null, 204);
  });
  app.post('/sim/status-results/lose', async (c) => {
    const { count } = parse(z.object({ count: z.number() }), await jsonObject(c));
    controls.loseStatusResults(count);
    return c.body(null, 204);
  });
  // payBill checks its input itself (the programmatic API takes the same), so the object goes as is.
  app.post('/sim/paybill', async (c) => c.json(await controls.payBill((await jsonObject(c)) as unknown as PayBillInput)));
  app.get('/sim/callbacks', (c) => c.json(controls.callbacks()));
  app.post('/sim/reset', (c) => {
    controls.reset();
    return c.body(null, 204);
  });
  return app;
}
