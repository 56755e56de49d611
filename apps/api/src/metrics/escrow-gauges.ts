import { ORDER_STATUSES, PAYOUT_STATES, type C2bPaymentStatus, type Clock, type MetricsQueries, type PayoutPurpose, type StkRequestStatus } from '@escrow/core';
import type { PoolUse } from '@escrow/db-kysely';
import type { Gauge, Registry } from 'prom-client';
import { promClient } from './prom-client.js';

const STK_STATUSES: readonly StkRequestStatus[] = ['sending', 'pending', 'paid', 'failed', 'unknown'];
const C2B_STATUSES: readonly C2bPaymentStatus[] = ['matched', 'unmatched', 'attached', 'refunded'];
const PAYOUT_PURPOSES: readonly PayoutPurpose[] = ['seller', 'rider', 'refund'];

/** The families read from the database on each scrape, one statement each. */
export const DATABASE_FAMILIES = ['orders', 'payments', 'payouts', 'outbox'] as const;
export type DatabaseFamily = (typeof DATABASE_FAMILIES)[number];

/** A scrape waits this long for each database family; a slower one is reported missing (up 0), not waited for. */
export const DEFAULT_COLLECT_TIMEOUT_MS = 2_000;

export interface EscrowGaugeSources {
  readonly queries: MetricsQueries;
  /** PostgreSQL's pool; absent on SQLite (no pool series). */
  readonly poolUse?: () => PoolUse | undefined;
  readonly clock: Clock;
  readonly timeoutMs?: number;
}

export interface EscrowGauges {
  /** Reads every family into the gauges; concurrent scrapes share one reading. Never throws. */
  refresh(): Promise<void>;
}

class TimedOut extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'TimedOut';
  }
}

function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(ms)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The escrow's state as gauges, set on each scrape from the database (so every API host on one
 * database reports the same figures) and from this process (its PostgreSQL pool). A family
 * whose statement fails or is late loses its series for that scrape (no stale figure is
 * reported), shows `escrow_metrics_collect_up{family} 0` and counts an error; the rest is answered.
 */
export function escrowGauges(registry: Registry, sources: EscrowGaugeSources): EscrowGauges {
  const { Counter, Gauge } = promClient();
  const registers = [registry];
  const orders = new Gauge({ name: 'escrow_orders', help: 'Orders by status.', labelNames: ['status'] as const, registers });
  const payments = new Gauge({ name: 'escrow_payments', help: 'M-Pesa payment records by kind (stk_push, c2b) and state.', labelNames: ['kind', 'state'] as const, registers });
  const payouts = new Gauge({ name: 'escrow_payouts', help: 'Payouts by purpose (seller, rider, refund) and state.', labelNames: ['purpose', 'state'] as const, registers });
  // Labelled even where one series would do: a gauge without labels always shows a value (0), and a family the database did not give must show none.
  const outbox = new Gauge({ name: 'escrow_outbox_messages', help: 'Outbox messages not delivered: unsent (waiting or being sent) or given up.', labelNames: ['state'] as const, registers });
  const outboxAge = new Gauge({ name: 'escrow_outbox_oldest_age_seconds', help: 'Age of the oldest outbox message in the state; 0 when there is none.', labelNames: ['state'] as const, registers });
  const up = new Gauge({ name: 'escrow_metrics_collect_up', help: '1 when the family was read from the database on this scrape, else 0.', labelNames: ['family'] as const, registers });
  const errors = new Counter({ name: 'escrow_metrics_collect_errors_total', help: 'Database reads of a metrics family that failed or timed out.', labelNames: ['family'] as const, registers });
  const poolSize = sources.poolUse ? new Gauge({ name: 'escrow_db_pool_size', help: 'Most connections the PostgreSQL pool of this process may open.', registers }) : undefined;
  const poolConnections = sources.poolUse
    ? new Gauge({ name: 'escrow_db_pool_connections', help: 'Open connections of the PostgreSQL pool of this process, busy or idle.', labelNames: ['state'] as const, registers })
    : undefined;
  const poolWaiting = sources.poolUse ? new Gauge({ name: 'escrow_db_pool_waiting_requests', help: 'Queries waiting for a connection of the PostgreSQL pool of this process.', registers }) : undefined;
  for (const family of DATABASE_FAMILIES) errors.inc({ family }, 0);

  const timeoutMs = sources.timeoutMs ?? DEFAULT_COLLECT_TIMEOUT_MS;
  const readers: Record<DatabaseFamily, () => Promise<() => void>> = {
    orders: async () => {
      const rows = await sources.queries.ordersByStatus();
      return () => {
        for (const status of ORDER_STATUSES) orders.set({ status }, 0);
        for (const row of rows) orders.set({ status: row.status }, row.count);
      };
    },
    payments: async () => {
      const rows = await sources.queries.paymentsByState();
      return () => {
        for (const state of STK_STATUSES) payments.set({ kind: 'stk_push', state }, 0);
        for (const state of C2B_STATUSES) payments.set({ kind: 'c2b', state }, 0);
        for (const row of rows) payments.set({ kind: row.kind, state: row.state }, row.count);
      };
    },
    payouts: async () => {
      const rows = await sources.queries.payoutsByState();
      return () => {
        for (const purpose of PAYOUT_PURPOSES) for (const state of PAYOUT_STATES) payouts.set({ purpose, state }, 0);
        for (const row of rows) payouts.set({ purpose: row.purpose, state: row.state }, row.count);
      };
    },
    outbox: async () => {
      const backlog = await sources.queries.outboxBacklog();
      const now = sources.clock.now().getTime();
      return () => {
        outbox.set({ state: 'unsent' }, backlog.unsent);
        outbox.set({ state: 'given_up' }, backlog.givenUp);
        outboxAge.set({ state: 'unsent' }, backlog.oldestUnsentAt === null ? 0 : Math.max(0, (now - backlog.oldestUnsentAt.getTime()) / 1_000));
      };
    },
  };
  const familyGauges: Record<DatabaseFamily, readonly Gauge[]> = { orders: [orders], payments: [payments], payouts: [payouts], outbox: [outbox, outboxAge] };

  const readAll = async (): Promise<void> => {
    await Promise.all(
      DATABASE_FAMILIES.map(async (family) => {
        try {
          const apply = await within(readers[family](), timeoutMs);
          for (const gauge of familyGauges[family]) gauge.reset();
          apply();
          up.set({ family }, 1);
        } catch {
          for (const gauge of familyGauges[family]) gauge.reset();
          up.set({ family }, 0);
          errors.inc({ family });
        }
      }),
    );
    const pool = sources.poolUse?.();
    if (pool) {
      poolSize?.set(pool.max);
      poolConnections?.set({ state: 'busy' }, pool.total - pool.idle);
      poolConnections?.set({ state: 'idle' }, pool.idle);
      poolWaiting?.set(pool.waiting);
    }
  };

  let reading: Promise<void> | null = null;
  return {
    refresh() {
      reading ??= readAll().finally(() => {
        reading = null;
      });
      return reading;
    },
  };
}
