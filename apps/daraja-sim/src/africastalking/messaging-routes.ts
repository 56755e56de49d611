import { Hono, type Context } from 'hono';
import type { SimWorld } from '../sim-world.js';
import type { SmsRequest } from './sms-inbox.js';

// Africa's Talking answers these as plain text, not JSON.
const UNAUTHORIZED = 'The supplied authentication is invalid';
const MAX_BODY_BYTES = 64 * 1024;

const text = (c: Context, status: 400 | 401 | 405 | 413 | 415, message: string) => c.text(message, status);

/** A form field given once; null when absent, undefined when given twice (refused). */
function single(form: URLSearchParams, name: string): string | null | undefined {
  const values = form.getAll(name);
  if (values.length > 1) return undefined;
  return values[0] ?? null;
}

/**
 * Africa's Talking's bulk SMS API: `POST /version1/messaging`, a form with username, to
 * (comma-separated E.164 numbers), message, optional from, bulkSMSMode and enqueue; the
 * `apiKey` header. The reply is 201 with `{SMSMessageData: {Message, Recipients: [...]}}`,
 * JSON only when `Accept: application/json` asks for it (XML otherwise, as the real API does).
 */
export function messagingRoutes(world: SimWorld): Hono {
  const app = new Hono();
  app.post('/version1/messaging', async (c) => {
    if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) {
      return text(c, 415, 'Content-Type must be application/x-www-form-urlencoded');
    }
    const body = await c.req.text();
    if (body.length > MAX_BODY_BYTES) return text(c, 413, 'Request too large');
    const form = new URLSearchParams(body);
    const { username: expectedUser, apiKey } = world.options.sms;
    const username = single(form, 'username');
    if (c.req.header('apikey') !== apiKey || username !== expectedUser) return text(c, 401, UNAUTHORIZED);
    const fields: Partial<Record<'to' | 'message' | 'from' | 'bulkSMSMode' | 'enqueue', string | null>> = {};
    for (const name of ['to', 'message', 'from', 'bulkSMSMode', 'enqueue'] as const) {
      const value = single(form, name);
      if (value === undefined) return text(c, 400, `Request has form field '${name}' more than once`);
      fields[name] = value;
    }
    for (const name of ['to', 'message'] as const) {
      if (!fields[name]) return text(c, 400, `Request is missing required form field '${name}'`);
    }
    const request: SmsRequest = {
      username,
      to: (fields.to ?? '').split(',').map((n) => n.trim()),
      message: fields.message ?? '',
      from: fields.from || null,
      bulkSMSMode: fields.bulkSMSMode ?? null,
      enqueue: fields.enqueue ?? null,
    };
    const answered = world.sms.send(request);
    const accepted = answered.filter((sms) => sms.messageId !== null);
    const total = accepted.reduce((sum, sms) => sum + Number(sms.cost.replace('KES ', '')), 0);
    const reply = {
      SMSMessageData: {
        Message: `Sent to ${accepted.length}/${answered.length} Total Cost: ${accepted.length > 0 ? `KES ${total.toFixed(4)}` : '0'}`,
        Recipients: answered.map((sms) => ({ statusCode: sms.statusCode, number: sms.number, status: sms.status, cost: sms.cost, messageId: sms.messageId ?? 'None' })),
      },
    };
    if (!(c.req.header('accept') ?? '').includes('application/json')) {
      const recipients = reply.SMSMessageData.Recipients.map(
        (r) => `<Recipient><number>${r.number.replace(/[<&]/g, '')}</number><cost>${r.cost}</cost><status>${r.status}</status><statusCode>${r.statusCode}</statusCode><messageId>${r.messageId}</messageId></Recipient>`,
      ).join('');
      return c.body(`<?xml version="1.0" encoding="UTF-8"?><AfricasTalkingResponse><SMSMessageData><Message>${reply.SMSMessageData.Message}</Message><Recipients>${recipients}</Recipients></SMSMessageData></AfricasTalkingResponse>`, 201, { 'content-type': 'application/xml' });
    }
    return c.json(reply, 201);
  });
  app.all('/version1/messaging', (c) => text(c, 405, 'Method not allowed'));
  return app;
}
