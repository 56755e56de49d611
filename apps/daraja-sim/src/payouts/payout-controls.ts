import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { z } from 'zod';
import { SimControlError } from '../controls/sim-control-error.js';
import type { SimPayoutControls } from '../public-types.js';
import type { SimWorld } from '../sim-world.js';
import { payoutBehaviourSchema } from './payout-behaviour-book.js';

/** The payout controls, one implementation for `sim.payouts` and for /sim/payouts over HTTP. */
export function payoutControls(world: SimWorld): SimPayoutControls {
  return {
    list: () => world.payouts.list(),
    reversals: () => world.reversals.list(),
    setBehaviour: (receiver, behaviour) => world.payoutBehaviours.set(receiver, behaviour),
    float: () => world.payouts.float(),
    setFloat: (shillings) => world.payouts.setFloat(shillings),
  };
}

const STATUS_BY_CODE = { invalid: 400, not_found: 404, not_pending: 409 } as const;

async function jsonObject(text: string): Promise<Record<string, unknown>> {
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
 * The payout controls over HTTP (JSON, CORS open):
 *   GET  /sim/payouts                      every payout, oldest first (with `requests`: how often it was asked for)
 *   POST /sim/payouts/behaviours {receiver, outcome?, invalidReceiverCode?, result?, resultDelayMs?, receiverName?, times?}
 *   GET  /sim/payouts/float                {shillings}
 *   POST /sim/payouts/float {shillings}
 *   GET  /sim/reversals                    every reversal, oldest first
 */
export function payoutSimRoutes(controls: SimPayoutControls): Hono {
  const app = new Hono();
  app.use('/sim/payouts/*', cors());
  app.use('/sim/payouts', cors());
  app.use('/sim/reversals', cors());
  app.onError((error, c) => {
    if (error instanceof SimControlError) return c.json({ error: { code: error.code, message: error.message } }, STATUS_BY_CODE[error.code]);
    throw error;
  });
  app.get('/sim/payouts', (c) => c.json(controls.list()));
  app.get('/sim/reversals', (c) => c.json(controls.reversals()));
  app.post('/sim/payouts/behaviours', async (c) => {
    const { receiver, ...behaviour } = parse(payoutBehaviourSchema.extend({ receiver: z.string() }), await jsonObject(await c.req.text()));
    controls.setBehaviour(receiver, behaviour);
    return c.body(null, 204);
  });
  app.get('/sim/payouts/float', (c) => c.json({ shillings: controls.float() }));
  app.post('/sim/payouts/float', async (c) => {
    const { shillings } = parse(z.strictObject({ shillings: z.number() }), await jsonObject(await c.req.text()));
    controls.setFloat(shillings);
    return c.body(null, 204);
  });
  return app;
}
