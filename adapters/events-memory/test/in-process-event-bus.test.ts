import { describe, expect, it, vi } from 'vitest';
import type { DomainEvent } from '@escrow/core';
import { InProcessEventBus } from '../src/index.js';

const event: DomainEvent = { type: 'order.changed', orderId: 'o1', sellerId: 's1', status: 'paid', action: 'confirm_payment', at: '2026-01-01T00:00:00.000Z' };

describe('InProcessEventBus', () => {
  it('delivers every event to every subscriber until it unsubscribes, and survives a throwing one', async () => {
    const bus = new InProcessEventBus();
    const seen: DomainEvent[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    bus.subscribe(() => {
      throw new Error('broken screen');
    });
    const stop = bus.subscribe((e) => seen.push(e));
    await bus.publish([event, { ...event, status: 'rider_assigned' }]);
    expect(seen.map((e) => (e.type === 'order.changed' ? e.status : ''))).toEqual(['paid', 'rider_assigned']);
    expect(spy).toHaveBeenCalledTimes(2);
    stop();
    await bus.publish([event]);
    expect(seen).toHaveLength(2);
    expect(bus.subscriberCount).toBe(1);
    spy.mockRestore();
  });
});
