import { randomUUID } from 'node:crypto';
import type { SqlDialect } from '@escrow/db-kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { buyerHeaders, client, DIALECTS, freshPhone, openWorld, photoForm, PNG, receipt, riderHeaders, type World, type WorldOptions } from '../escrow-support/world.js';
import { proveRiderPhone } from '../escrow-rider/rider-phone-support.js';

// The key and the answer are written in the change's own commit on every database (docs/decisions/0035).
// PostgreSQL twice: as deployed (live events NOTIFYed by the commit) and with events published after it.
interface Setup {
  readonly name: string;
  readonly dialect: SqlDialect;
  readonly options: WorldOptions;
}
const SETUPS: Setup[] = DIALECTS.flatMap((dialect): Setup[] =>
  dialect === 'sqlite'
    ? [{ name: 'sqlite', dialect, options: {} }]
    : [
        { name: 'postgres, events published after commit', dialect, options: { asDeployed: false } },
        { name: 'postgres as deployed', dialect, options: { asDeployed: true } },
      ],
);

describe.each(SETUPS.map((setup) => [setup.name, setup] as const))('Idempotency-Key on %s', (_name, setup) => {
  const { dialect } = setup;
  const open = (options: WorldOptions = {}) => openWorld(dialect, { ...setup.options, ...options });
  let world: World;
  afterEach(async () => world?.dispose());

  it('a replay answers the first answer and changes nothing; a different body with the same key is refused', async () => {
    world = await open();
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId);
    const api = client(world.app);
    const key = randomUUID();
    const body = { termsAccepted: true, mpesaReceipt: receipt() };
    const pay = (json: unknown, headers: Record<string, string> = {}) => api.post(`/api/buyer/orders/${order.id}/payment`, { headers: buyerHeaders(order.deliveryCode, { 'idempotency-key': key, ...headers }), json });

    // The typed receipt is a claim (M-Pesa has not confirmed it): a change, with its posting into mpesa_unverified.
    const first = await pay(body);
    expect(first.status).toBe(200);
    expect(first.json.data?.['order']).toMatchObject({ status: 'awaiting_payment', paymentConfirmed: false });
    const after = await world.reload(order.id);
    expect(after.paymentClaimReceipt).toBe(body.mpesaReceipt);
    const replay = await pay({ mpesaReceipt: body.mpesaReceipt, termsAccepted: true });
    expect(replay.status).toBe(200);
    expect(replay.text).toBe(first.text);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect((await world.reload(order.id)).version).toBe(after.version);
    const kinds = async () => (await world.deps.store.read((tx) => tx.ledger.listByOrder(order.id))).map((p) => p.kind);
    const claims = async () => (await world.deps.store.read((tx) => tx.events.listByOrder(order.id))).filter((e) => e.action === 'claim_payment').length;
    expect(await kinds()).toEqual(['payment_claimed']);
    expect(await claims()).toBe(1);

    const different = await pay({ ...body, mpesaReceipt: receipt() });
    expect(different.status).toBe(422);
    expect(different.json.error?.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // The same key on another route is another request too.
    const elsewhere = await api.post(`/api/buyer/orders/${order.id}/refund-request`, { headers: buyerHeaders(order.deliveryCode, { 'idempotency-key': key }), json: { reason: 'Never arrived at all' } });
    expect(elsewhere.status).toBe(422);
    // Without a key the same request runs again: the claim is made a second time (no second posting).
    const unkeyed = await api.post(`/api/buyer/orders/${order.id}/payment`, { headers: buyerHeaders(order.deliveryCode), json: body });
    expect(unkeyed.status).toBe(200);
    expect(unkeyed.headers.get('idempotent-replayed')).toBeNull();
    expect((await world.reload(order.id)).version).toBe(after.version + 1);
    expect(await claims()).toBe(2);
    expect(await kinds()).toEqual(['payment_claimed']);
    expect((await pay(body, { 'idempotency-key': 'short' })).json.error?.code).toBe('INVALID_IDEMPOTENCY_KEY');
  });

  it('replays a refusal too: a wrong delivery code sent again with its key is not counted twice', async () => {
    world = await open();
    const { sellerId } = await world.seller();
    const { order, phone, key } = await world.inTransit(sellerId);
    const api = client(world.app);
    const wrong = order.deliveryCode === '111111' ? '222222' : '111111';
    const idem = randomUUID();
    const send = () => api.post(`/api/rider/orders/${order.id}/complete`, { headers: riderHeaders(phone, key, { 'idempotency-key': idem }), json: { deliveryCode: wrong } });
    const first = await send();
    const second = await send();
    expect(first.json.error?.attemptsLeft).toBe(4);
    expect(second.text).toBe(first.text);
    expect((await world.reload(order.id)).codeAttempts).toBe(1);
  });

  it('scopes keys per caller: the same key from another caller runs on its own and never sees the first answer', async () => {
    world = await open();
    const { sellerId } = await world.seller();
    const [a, b] = [await world.order(sellerId), await world.order(sellerId)];
    const api = client(world.app);
    const key = randomUUID();
    const json = { termsAccepted: true, mpesaReceipt: receipt() };
    const first = await api.post(`/api/buyer/orders/${a.id}/payment`, { headers: buyerHeaders(a.deliveryCode, { 'idempotency-key': key }), json });
    expect(first.status).toBe(200);
    // A guesser with the key but a wrong code gets the not-found answer, not the stored one.
    const guesser = await api.post(`/api/buyer/orders/${a.id}/payment`, { headers: buyerHeaders(b.deliveryCode, { 'idempotency-key': key }), json });
    expect(guesser.status).toBe(404);
    expect(guesser.headers.get('idempotent-replayed')).toBeNull();
    const otherReceipt = receipt();
    const other = await api.post(`/api/buyer/orders/${b.id}/payment`, { headers: buyerHeaders(b.deliveryCode, { 'idempotency-key': key }), json: { termsAccepted: true, mpesaReceipt: otherReceipt } });
    expect(other.status).toBe(200);
    expect(other.headers.get('idempotent-replayed')).toBeNull();
    expect((await world.reload(b.id)).paymentClaimReceipt).toBe(otherReceipt);
  });

  it('pickup photo uploads are idempotent by their bytes, whatever the multipart boundary', async () => {
    world = await open();
    const { sellerId } = await world.seller();
    const { order, phone, key } = await world.assigned(sellerId);
    const api = client(world.app);
    await api.post(`/api/rider/orders/${order.id}/accept`, { headers: riderHeaders(phone, key) });
    const idem = randomUUID();
    const first = await api.post(`/api/rider/orders/${order.id}/pickup`, { headers: riderHeaders(phone, key, { 'idempotency-key': idem }), body: photoForm(PNG) });
    const again = await api.post(`/api/rider/orders/${order.id}/pickup`, { headers: riderHeaders(phone, key, { 'idempotency-key': idem }), body: photoForm(PNG) });
    expect(first.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  it('concurrent duplicates: exactly one runs, the others wait for its commit and replay it', { timeout: 60_000 }, async () => {
    world = await open({ poolSize: 20 });
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId);
    const api = client(world.app);
    const key = randomUUID();
    const json = { termsAccepted: true, mpesaReceipt: receipt() };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => api.post(`/api/buyer/orders/${order.id}/payment`, { headers: buyerHeaders(order.deliveryCode, { 'idempotency-key': key }), json })),
    );
    const fresh = answers.filter((a) => a.status === 200 && a.headers.get('idempotent-replayed') === null);
    const replayed = answers.filter((a) => a.headers.get('idempotent-replayed') === 'true');
    expect(fresh).toHaveLength(1);
    // There is never a key without its answer to find: no "in progress", no 409.
    expect(replayed).toHaveLength(19);
    for (const r of replayed) expect(r.text).toBe(fresh[0]!.text);
    const events = await world.deps.store.read((tx) => tx.events.listByOrder(order.id));
    expect(events.filter((e) => e.action === 'claim_payment')).toHaveLength(1);
    expect((await world.deps.store.read((tx) => tx.ledger.listByOrder(order.id))).map((p) => p.kind)).toEqual(['payment_claimed']);
  });

  it('a retry of a change that committed gets its answer, even where the retry would be refused before any transaction', async () => {
    world = await open();
    const { sellerId } = await world.seller();
    const { order, phone, key } = await world.assigned(sellerId);
    const api = client(world.app);
    await api.post(`/api/rider/orders/${order.id}/accept`, { headers: riderHeaders(phone, key) });
    const idem = randomUUID();
    const pickup = () => api.post(`/api/rider/orders/${order.id}/pickup`, { headers: riderHeaders(phone, key, { 'idempotency-key': idem }), body: photoForm(PNG) });
    const first = await pickup();
    expect(first.status).toBe(200);
    // The pickup checks the order before storing the photo: in transit now, a fresh request is
    // refused there (409). The retry with the key gets the first answer instead.
    expect((await api.post(`/api/rider/orders/${order.id}/pickup`, { headers: riderHeaders(phone, key), body: photoForm(PNG) })).status).toBe(409);
    const retry = await pickup();
    expect(retry.status).toBe(200);
    expect(retry.text).toBe(first.text);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
  });

  it('a refusal made before any change stores nothing: the same key runs again once the request can succeed', async () => {
    world = await open();
    const { sellerId } = await world.seller();
    const order = await world.paid(sellerId);
    const api = client(world.app);
    // A rider of another seller, with a proven phone (decision 0046).
    const phone = await world.riderOf((await world.seller('Baraka Boutique')).sellerId, freshPhone());
    const proof = await proveRiderPhone(world, phone);
    const idem = randomUUID();
    const take = () => api.post(`/api/rider/orders/${order.id}/take`, { headers: riderHeaders(phone, null, { 'idempotency-key': idem, cookie: proof }) });
    // Not on this seller's list yet: refused before the transaction, nothing stored.
    expect((await take()).status).toBe(404);
    expect(await world.handle.db.selectFrom('idempotency_keys').selectAll().execute()).toEqual([]);
    await world.riderOf(sellerId, phone);
    const taken = await take();
    expect(taken.status).toBe(200);
    expect(taken.headers.get('idempotent-replayed')).toBeNull();
    const again = await take();
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.text).toBe(taken.text);
  });
});
