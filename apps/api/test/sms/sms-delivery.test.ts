import { smsNotification, type Notification } from '@escrow/core';
import { createKyselySmsDeliveryReports } from '@escrow/db-kysely';
import { darajaSimClient } from '@escrow/test-kit/daraja-sim';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS } from '../escrow-seller/seller-world.js';
import { CALLBACK_SECRET, openSmsWorld, type SmsWorld } from './sms-world.js';

/**
 * An SMS through the whole path, over real HTTP: an outbox row (written as a use case writes
 * one) -> the API's outbox dispatcher -> the routing notifier -> the Africa's Talking adapter ->
 * the simulator (the phone's inbox) -> the simulator's delivery report -> the API's callback
 * route -> the database. On SQLite and on PostgreSQL.
 */
describe.each(DIALECTS)('SMS through the outbox and Africa\'s Talking (the simulator), %s', (dialect) => {
  let w: SmsWorld;
  let counter = 0;
  beforeAll(async () => {
    w = await openSmsWorld(dialect);
  }, 60_000);
  afterAll(async () => w?.dispose());
  beforeEach(() => w.sim.sms.reset());

  // Each test its own phone and outbox ids.
  const nextPhone = () => `0722${String(200_000 + (counter += 1)).padStart(6, '0')}`;
  const e164 = (phone: string) => `+254${phone.slice(1)}`;
  const reports = () => createKyselySmsDeliveryReports(w.composed.database.db);

  async function enqueue(notification: Notification): Promise<string> {
    const id = `sms-${dialect}-${(counter += 1)}`;
    const now = new Date();
    await w.deps.store.transaction((tx) => tx.outbox.enqueue({ id, topic: 'notification', payload: { ...notification }, createdAt: now, attempts: 0, nextAttemptAt: now, deliveredAt: null, lastError: null }));
    return id;
  }
  const row = (id: string) => w.composed.database.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** Makes a message that waits for its retry due now (the backoff's first wait is 30 s). */
  const dueNow = (id: string) => w.composed.database.db.updateTable('outbox').set({ next_attempt_at: new Date(Date.now() - 1).toISOString() }).where('id', '=', id).execute();

  it('is delivered to the phone, shown on its inbox page, and its delivery report is stored against the outbox row', async () => {
    const phone = nextPhone();
    const id = await enqueue(smsNotification(e164(phone), 'Rider assigned', 'Otieno (0712 345 678) brings your order today.'));
    await w.composed.sendOutboxNow();

    const [received] = w.sim.sms.messagesTo(phone);
    expect(received).toMatchObject({ number: e164(phone), message: 'Escrow Delivery: Otieno (0712 345 678) brings your order today.', from: 'ESCROW', statusCode: 101 });
    const sent = await row(id);
    // Africa's Talking's per-recipient status decided the delivery; its cost is kept next to the id.
    expect(sent).toMatchObject({ delivered_at: expect.any(String), provider_id: received?.messageId, provider_cost: 'KES 0.8000', attempts: 1, last_error: null });
    expect(received?.cost).toBe('KES 0.8000');
    // What a person sees on the simulator's phone page, and what a test in another process reads.
    const page = await (await fetch(`${w.sim.url}/phone/sms?number=${phone}`)).text();
    expect(page).toContain('Escrow Delivery: Otieno (0712 345 678) brings your order today.');
    const overHttp = await darajaSimClient(w.sim.url).sms.messagesTo(phone);
    expect(overHttp).toMatchObject([{ messageId: received?.messageId }]);

    const state = await w.eventually(() => reports().stateOfOutboxMessage(id));
    expect(state).toMatchObject({ providerMessageId: received?.messageId, outboxId: id, status: 'Success', reports: [{ status: 'Success', phoneNumber: e164(phone), networkCode: '63902', retryCount: 0 }] });
    const callback = await w.eventually(async () => w.sim.callbacks().find((c) => c.ref === received?.messageId));
    expect(callback).toMatchObject({ kind: 'sms_delivery_report', status: 200, response: { received: true, stored: true } });
  });

  it('a sensitive SMS: delivered, then its text erased from the outbox; no log line holds the number or the code', async () => {
    const phone = nextPhone();
    const id = await enqueue(smsNotification(e164(phone), 'Delivery code', 'Your delivery code is 804215. Give it to the rider only when you have your order.', { sensitive: true }));
    const logsBefore = w.logs.length;
    await w.composed.sendOutboxNow();
    expect(w.sim.sms.messagesTo(phone)[0]?.message).toContain('804215');
    const sent = await row(id);
    expect(sent).toMatchObject({ delivered_at: expect.any(String), provider_id: w.sim.sms.messagesTo(phone)[0]?.messageId, provider_cost: 'KES 0.8000' });
    expect(String(sent.payload)).not.toContain('804215');
    await w.eventually(() => reports().stateOfOutboxMessage(id));
    const logged = JSON.stringify(w.logs.slice(logsBefore));
    expect(logged).not.toContain('804215');
    expect(logged).not.toContain(phone.slice(1));
  });

  it('Africa\'s Talking failing (500 InternalServerError) is retried through the outbox, and the retry is delivered once', async () => {
    const phone = nextPhone();
    w.sim.sms.setBehaviour(phone, { statusCode: 500, times: 1 });
    const id = await enqueue(smsNotification(e164(phone), 'Out for delivery', 'Your order is on its way.'));
    await w.composed.sendOutboxNow();
    const failed = await row(id);
    expect(failed).toMatchObject({ delivered_at: null, given_up_at: null, attempts: 1, last_error: expect.stringContaining('500 InternalServerError') });
    expect(failed.last_error).toContain('+254******');
    expect(failed.last_error).not.toContain(phone.slice(1));
    expect(Date.parse(failed.next_attempt_at)).toBeGreaterThan(Date.now() + 20_000);
    expect(w.sim.sms.messagesTo(phone)).toEqual([]);

    await dueNow(id);
    await w.composed.sendOutboxNow();
    expect(await row(id)).toMatchObject({ delivered_at: expect.any(String), attempts: 2 });
    expect(w.sim.sms.messagesTo(phone)).toHaveLength(1);
    expect(w.sim.sms.sent().filter((m) => m.number === e164(phone)).map((m) => m.statusCode)).toEqual([500, 101]);
  });

  it('a number that blocked the sender (406) is given up at once, logged with the number masked', async () => {
    const phone = nextPhone();
    w.sim.sms.setBehaviour(phone, { statusCode: 406 });
    const id = await enqueue(smsNotification(e164(phone), 'Payment received', 'We have your payment.'));
    await w.composed.sendOutboxNow();
    expect(await row(id)).toMatchObject({ delivered_at: null, given_up_at: expect.any(String), attempts: 1, last_error: expect.stringContaining('406 UserInBlacklist') });
    const gaveUp = w.logs.find((l) => l.level === 'error' && l.fields?.['id'] === id);
    expect(gaveUp?.fields?.['reason']).toContain('+254******');
    expect(JSON.stringify(gaveUp)).not.toContain(phone.slice(1));
  });

  it('an SMS to a number that is not Kenyan is given up without calling Africa\'s Talking', async () => {
    const id = await enqueue(smsNotification('+447911123456', 'Test', 'Hello.'));
    await w.composed.sendOutboxNow();
    expect(await row(id)).toMatchObject({ given_up_at: expect.any(String), last_error: expect.stringContaining('not a Kenyan mobile number') });
    expect(w.sim.sms.sent()).toEqual([]);
  });

  it('email still goes to the console (no SMTP here), through the same outbox', async () => {
    const id = await enqueue({ channel: 'email', to: 'amani@example.com', subject: 'Payment confirmed', body: 'Assign a rider to proceed.' });
    await w.composed.sendOutboxNow();
    expect(await row(id)).toMatchObject({ delivered_at: expect.any(String), provider_id: `console:${id}`, provider_cost: null });
    expect(w.sim.sms.sent()).toEqual([]);
  });

  describe('the delivery report route', () => {
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    const path = `/api/sms/callbacks/${CALLBACK_SECRET}/delivery`;

    it('stores a report once per (message id, status), in whatever order and however often it comes; a final status stands', async () => {
      const messageId = `ATXid_${dialect}_repeat`;
      const report = { id: messageId, status: 'Success', phoneNumber: '+254712345678', networkCode: '63902', retryCount: '0' };
      const answers = await Promise.all(Array.from({ length: 5 }, () => w.postForm(path, form(report))));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(answers.filter((a) => JSON.parse(a.text).stored === true)).toHaveLength(1);
      expect(await w.postForm(path, form({ ...report, status: 'Sent' }))).toMatchObject({ status: 200 });
      const rows = await w.composed.database.db.selectFrom('sms_delivery_reports').select(['status']).where('provider_message_id', '=', messageId).orderBy('seq').execute();
      expect(rows.map((r) => r.status)).toEqual(['Success', 'Sent']);
      expect(await reports().stateOf(messageId)).toMatchObject({ status: 'Success', outboxId: null });
      // A message the outbox does not know is logged, masked.
      const warned = w.logs.find((l) => l.message.includes('does not know') && l.fields?.['messageId'] === messageId);
      expect(warned?.fields).toMatchObject({ phone: '+254******678', status: 'Success' });
    });

    it.each([
      ['an empty body', ''],
      ['JSON', JSON.stringify({ id: 'ATXid_1', status: 'Success', phoneNumber: '+254712345678' })],
      ['an unknown status', form({ id: 'ATXid_1', status: 'Delivered', phoneNumber: '+254712345678' })],
      ['no phone number', form({ id: 'ATXid_1', status: 'Success' })],
      ['a NUL byte', form({ id: 'ATXid_1', status: 'Success', phoneNumber: '+254712345678', failureReason: 'x\u0000' })],
      ['a field twice', `${form({ id: 'ATXid_1', status: 'Success', phoneNumber: '+254712345678' })}&id=ATXid_2`],
      ['invalid UTF-8 percent-escapes', 'id=%FF%FE&status=Success&phoneNumber=%2B254712345678'],
      ['a huge body', form({ id: 'ATXid_1', status: 'Success', phoneNumber: '+254712345678', padding: 'x'.repeat(20_000) })],
    ])('answers 400 to %s, never a 500, and stores nothing', async (_what, body) => {
      const before = await w.composed.database.db.selectFrom('sms_delivery_reports').select('seq').execute();
      const answer = await w.postForm(path, body);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.text)).toEqual({ error: { code: 'BAD_REQUEST', message: 'Not a delivery report' } });
      expect(await w.composed.database.db.selectFrom('sms_delivery_reports').select('seq').execute()).toHaveLength(before.length);
    });

    it('answers 404 on a wrong secret, a missing one, or another path; only POST is served', async () => {
      const report = form({ id: 'ATXid_secret', status: 'Success', phoneNumber: '+254712345678' });
      for (const wrong of ['/api/sms/callbacks/0000000000000000000000000000000f/delivery', `/api/sms/callbacks/${CALLBACK_SECRET.slice(0, -1)}/delivery`, '/api/sms/callbacks//delivery', '/api/sms/callbacks/delivery', `/api/sms/callbacks/${CALLBACK_SECRET}/other`]) {
        expect((await w.postForm(wrong, report)).status, wrong).toBe(404);
      }
      expect((await fetch(`${w.apiUrl}${path}`)).status).toBe(404);
      expect(await reports().stateOf('ATXid_secret')).toBeUndefined();
    });
  });
});
