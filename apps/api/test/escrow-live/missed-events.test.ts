import { InProcessEventBus } from '@escrow/events-memory';
import { afterEach, describe, expect, it } from 'vitest';
import { openWorld, type World } from '../escrow-support/world.js';
import { sseReader } from './sse-reader.js';

/** An in-process bus that can say it missed events, as the LISTEN/NOTIFY bus does after a reconnect. */
class GappyBus extends InProcessEventBus {
  private readonly gapListeners = new Set<() => void>();
  onMissedEvents(listener: () => void): () => void {
    this.gapListeners.add(listener);
    return () => this.gapListeners.delete(listener);
  }
  gap(): void {
    for (const listener of [...this.gapListeners]) listener();
  }
  get gapListenerCount(): number {
    return this.gapListeners.size;
  }
}

describe('live streams when the event bus missed events', () => {
  let world: World;
  afterEach(async () => world?.dispose());

  it('end with a short retry, so the browser reconnects and the screen re-reads, and let go of the bus', async () => {
    const bus = new GappyBus();
    world = await openWorld('sqlite', { events: bus, live: { heartbeatMs: 60_000 } });
    // The app's own listeners (the buyer page's Paybill cache) stay; the stream adds one of each.
    const idle = { subscribers: bus.subscriberCount, gapListeners: bus.gapListenerCount };
    const { sellerId } = await world.seller();
    const order = await world.order(sellerId);
    const stream = sseReader(await world.app.request(`/api/live/orders/${order.id}?code=${order.deliveryCode}`));
    expect(await stream.next()).toEqual({ event: 'ready', data: { orderId: order.id } });
    expect(bus.gapListenerCount).toBe(idle.gapListeners + 1);

    bus.gap();
    const retry = await stream.next();
    expect(retry?.retry).toBeGreaterThanOrEqual(1_000);
    expect(retry?.retry).toBeLessThanOrEqual(3_000);
    expect(await stream.next()).toBeNull();
    expect(bus.subscriberCount).toBe(idle.subscribers);
    expect(bus.gapListenerCount).toBe(idle.gapListeners);
  });
});
