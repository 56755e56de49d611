import { describe, expect, it } from 'vitest';
import { adminStatusLabel, allowedStatusChanges, BUYER_STATUS_LABELS, completedSteps, ORDER_STATUSES, parseOrderStatus, PROGRESS_PERCENT } from '../../src/index.js';

describe('order statuses', () => {
  it('parse every spec status and refuse anything else with INVALID_STATUS', () => {
    for (const s of ORDER_STATUSES) expect(parseOrderStatus(s)).toEqual({ ok: true, value: s });
    for (const bad of ['shipped', 'PAID', '', null, 3]) expect(parseOrderStatus(bad)).toMatchObject({ ok: false, error: { code: 'INVALID_STATUS' } });
  });

  it('show the spec progress percentages and four steps', () => {
    expect(PROGRESS_PERCENT).toMatchObject({ awaiting_payment: 0, paid: 25, rider_assigned: 50, in_transit: 75, awaiting_settlement: 100, settlement_completed: 100, completed: 100 });
    expect(completedSteps('rider_assigned')).toBe(2);
  });

  it('label statuses for buyers and admins as the spec says', () => {
    expect(BUYER_STATUS_LABELS).toMatchObject({
      awaiting_payment: 'Waiting for Payment',
      paid: 'Payment Confirmed - Assigning Rider',
      rider_assigned: 'Rider is Preparing to Pick Up',
      in_transit: 'Your Order is On The Way!',
      awaiting_settlement: 'Delivered Successfully! Please Rate Your Experience',
      settlement_completed: 'Order Completed',
      completed: 'Order Delivered Successfully',
    });
    expect(adminStatusLabel('awaiting_settlement')).toBe('Awaiting Escrow Payment');
    expect(adminStatusLabel('settlement_completed')).toBe('Settlement Paid');
    expect(adminStatusLabel('awaiting_payment')).toBe('awaiting payment');
    expect(adminStatusLabel('rider_assigned')).toBe('rider assigned');
  });

  it('allow exactly the lifecycle edges of the decisions', () => {
    const edges = allowedStatusChanges();
    for (const e of ['awaiting_payment>paid', 'paid>rider_assigned', 'rider_assigned>in_transit', 'in_transit>awaiting_settlement', 'awaiting_settlement>settlement_completed', 'in_transit>completed', 'awaiting_payment>cancelled', 'in_transit>paid']) {
      expect(edges).toContain(e);
    }
    for (const e of ['awaiting_payment>awaiting_settlement', 'paid>in_transit', 'rider_assigned>awaiting_settlement', 'settlement_completed>awaiting_settlement', 'cancelled>paid', 'awaiting_settlement>cancelled', 'completed>settlement_completed']) {
      expect(edges).not.toContain(e);
    }
    for (const e of edges) expect(e.split('>')[1]).not.toMatch(/^(draft|delivered|picked_up)$/);
  });
});
