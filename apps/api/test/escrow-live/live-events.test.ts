import { assignRider } from '@escrow/core';
import { payByPaybill } from '@escrow/core/testing';
import { InProcessEventBus } from '@escrow/events-memory';
import { afterEach, describe, expect, it } from 'vitest';
import { buyerHeaders, client, DIALECTS, freshPhone, must, openWorld, receipt, riderHeaders, type World } from '../escrow-support/world.js';
import { sseReader } from './sse-reader.js';

const eventually = async (predicate: () => boolean, ms = 3_000) => {
  const until = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe.each(DIALECTS)('live order events on %s', (dialect) => {
  let world: World;
  afterEach(async () => world?.dispose());

  it('streams order.changed to the buyer (code in the query, as EventSource must), with heartbeats, and unsubscribes on disconnect', async () => {
    const bus = new InProcessEventBus();
    world = await openWorld(dialect, { events: bus, live: { heartbeatMs: 100 } });
    const idle = bus.subscriberCount;
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId);
    const response = await world.app.request(`/api/live/orders/${order.id}?code=${order.deliveryCode}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const stream = sseReader(response);
    expect(await stream.next()).toEqual({ event: 'ready', data: { orderId: order.id } });
    // The app's own listeners (the buyer page's Paybill cache) stay; the stream adds one.
    expect(bus.subscriberCount).toBe(idle + 1);

    // The buyer's typed receipt is a claim (a change, not a payment); M-Pesa's confirmation then pays the order.
    const typed = receipt();
    const sent = performance.now();
    const claimed = await client(world.app).post(`/api/buyer/orders/${order.id}/payment`, { headers: buyerHeaders(order.deliveryCode), json: { termsAccepted: true, mpesaReceipt: typed } });
    expect(claimed.status).toBe(200);
    const claim = await stream.nextEvent('order.changed');
    console.log(`[${dialect}] in-process SSE: change committed and event received ${(performance.now() - sent).toFixed(1)} ms after the request was sent`);
    expect(claim?.data).toMatchObject({ orderId: order.id, status: 'awaiting_payment', action: 'claim_payment' });
    await payByPaybill(world.deps, order, typed);
    const changed = await stream.nextEvent('order.changed');
    expect(changed?.data).toMatchObject({ orderId: order.id, status: 'paid', action: 'verify_payment' });
    expect(JSON.stringify([claim, changed])).not.toContain(order.deliveryCode);
    expect(await stream.next(1_000)).toEqual({ comment: 'heartbeat' });

    await stream.cancel();
    await eventually(() => bus.subscriberCount === idle);
  });

  it('refuses everyone else with the not-found answer, and ends a rider stream once the rider is replaced', async () => {
    world = await openWorld(dialect, { live: { heartbeatMs: 60_000 } });
    const { sellerId, actor } = await world.seller();
    const { order, phone, key } = await world.assigned(sellerId);
    const api = client(world.app);
    for (const headers of [{}, buyerHeaders('123456'), riderHeaders(phone), riderHeaders(freshPhone(), key)]) {
      const denied = await api.get(`/api/live/orders/${order.id}`, { headers });
      expect(denied.status).toBe(404);
    }
    const response = await world.app.request(`/api/live/orders/${order.id}?phone=${encodeURIComponent(phone)}&key=${encodeURIComponent(key)}`);
    expect(response.status).toBe(200);
    const stream = sseReader(response);
    expect((await stream.next())?.event).toBe('ready');
    must(await assignRider(world.deps, { orderId: order.id, actor, rider: { name: 'Someone Else', phone: freshPhone() } }));
    expect(await stream.nextEvent('order.changed')).toBeNull();
  });

  it('ends every stream with a reconnect hint when the server shuts down, and ends a stream opened after that at once', async () => {
    const bus = new InProcessEventBus();
    const closing = new AbortController();
    world = await openWorld(dialect, { events: bus, live: { heartbeatMs: 60_000, closing: closing.signal } });
    const idle = bus.subscriberCount;
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId);
    const url = `/api/live/orders/${order.id}?code=${order.deliveryCode}`;
    const open = await world.app.request(url);
    const reader = open.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('event: ready')) text += decoder.decode((await reader.read()).value, { stream: true });
    const readyAt = text.length;

    closing.abort();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    // One last message: the browser's EventSource reconnects after `retry` ms, to another instance.
    const last = text.slice(readyAt).trim();
    expect(last).toMatch(/^event: reconnect\ndata: \{.*\}\nretry: \d+$/);
    const retryMs = Number(/retry: (\d+)/.exec(last)?.[1]);
    expect(retryMs).toBeGreaterThanOrEqual(1_000);
    expect(retryMs).toBeLessThanOrEqual(3_000);
    await eventually(() => bus.subscriberCount === idle);

    const late = await world.app.request(url);
    expect(late.status).toBe(200);
    const lateText = await late.text();
    expect(lateText).not.toContain('event: ready');
    expect(lateText).toMatch(/^event: reconnect\n.*\nretry: \d+\n\n$/s);
    expect(bus.subscriberCount).toBe(idle);
  });
});
