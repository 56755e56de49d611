import { createHash } from 'node:crypto';
import { parseOrderStatus, type DomainEvent, type EventBus } from '@escrow/core';
import { createRequire } from 'node:module';
import type pg from 'pg';

/** pg is loaded on first use, so a process without PostgreSQL never loads it (issue 18: cold start). */
let loadedPg: typeof pg | undefined;
const loadPg = (): typeof pg => (loadedPg ??= createRequire(import.meta.url)('pg') as typeof pg);

/**
 * The channel of a deployment whose tables live in `schema`: every API process of it LISTENs on
 * and NOTIFYs to it. NOTIFY reaches every session of the database, so deployments (or test
 * runs) in other schemas of the same database must not share one: `public` keeps the plain
 * EVENTS_CHANNEL, any other schema gets a channel of its own.
 */
export function eventsChannelFor(schema: string): string {
  return schema === 'public' ? EVENTS_CHANNEL : `${EVENTS_CHANNEL}_${createHash('sha256').update(schema).digest('hex').slice(0, 16)}`;
}

/** The channel of the deployment in the `public` schema. */
export const EVENTS_CHANNEL = 'escrow_events';

/** The outbox's wake-up channel of the deployment in the `public` schema (decision 0074). */
export const OUTBOX_CHANNEL = 'escrow_outbox';

/**
 * The channel on which the transaction that queues outbox messages NOTIFYs (an empty payload,
 * delivered at commit) so every API process's dispatcher starts a pass (decision 0074). One
 * per schema, like `eventsChannelFor`.
 */
export function outboxChannelFor(schema: string): string {
  return schema === 'public' ? OUTBOX_CHANNEL : `${OUTBOX_CHANNEL}_${createHash('sha256').update(schema).digest('hex').slice(0, 16)}`;
}

/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; ours are far smaller. */
export const MAX_NOTIFY_PAYLOAD_BYTES = 7_999;

const CHANNEL_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export interface PostgresEventBusOptions {
  readonly connectionString: string;
  /** Defaults to EVENTS_CHANNEL; tests may isolate themselves with another. */
  readonly channel?: string;
  /** Delay before the first reconnect of the LISTEN connection, doubled up to `maxReconnectDelayMs` (default 5 s). */
  readonly reconnectDelayMs?: number;
  readonly maxReconnectDelayMs?: number;
  /** How often the LISTEN connection is asked `select 1`, so a connection gone silent is noticed. Default 15 s. */
  readonly livenessIntervalMs?: number;
  /** Opening a connection, and any one query, fails after this long. Default 5 s. */
  readonly timeoutMs?: number;
  readonly applicationName?: string;
  /**
   * Channels the same LISTEN connection also listens on whose notifications carry no event, only
   * a wake-up (the outbox's, decision 0074): `onWake` listeners are called on each, and after the
   * connection is re-established (a wake may have been missed meanwhile).
   */
  readonly wakeChannels?: readonly string[];
  /** Told about lost connections, refused payloads and unreadable notifications; never throws. */
  readonly onProblem?: (message: string, detail?: Record<string, unknown>) => void;
}

/**
 * The EventBus across processes: `publish` sends each event as a NOTIFY (after the change has
 * committed, as the core publishes), and every process holding a LISTEN connection on the
 * channel, the publisher included, hands it to its subscribers. So two API instances on one
 * database both deliver every event, and a process delivers its own events through the same
 * path as everyone else's (no double delivery).
 *
 * The LISTEN connection is a dedicated client (a pooled one would be handed back and lose its
 * LISTEN); when it drops, or stops answering the liveness query, it is reopened with backoff.
 * Events published while it is down are missed by this process, so once it listens again the
 * `onMissedEvents` listeners are told (the live streams end and the screens re-read). Every
 * connection and query has a timeout; no connection failure is ever thrown at the process.
 */
export class PostgresEventBus implements EventBus {
  private readonly listeners = new Set<(event: DomainEvent) => void>();
  private readonly gapListeners = new Set<() => void>();
  private readonly wakeListeners = new Map<string, Set<() => void>>();
  private livenessTimer: NodeJS.Timeout | null = null;
  private readonly timeoutMs: number;
  private readonly publisher: pg.Pool;
  private readonly channel: string;
  private listenClient: pg.Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private nextDelayMs: number;
  private closed = false;
  private listening: Promise<void> | null = null;
  /** How many times the LISTEN connection was re-established (for tests and metrics). */
  reconnects = 0;

  constructor(private readonly options: PostgresEventBusOptions) {
    this.channel = options.channel ?? EVENTS_CHANNEL;
    if (!CHANNEL_NAME.test(this.channel)) throw new Error(`PostgresEventBus: channel must match ${CHANNEL_NAME}`);
    for (const wake of options.wakeChannels ?? []) {
      if (!CHANNEL_NAME.test(wake) || wake === this.channel) throw new Error(`PostgresEventBus: a wake channel must match ${CHANNEL_NAME} and differ from the events channel`);
      this.wakeListeners.set(wake, new Set());
    }
    this.nextDelayMs = options.reconnectDelayMs ?? 250;
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.publisher = new (loadPg().Pool)({
      connectionString: options.connectionString,
      max: 2,
      application_name: options.applicationName ?? 'escrow-events',
      connectionTimeoutMillis: this.timeoutMs,
      query_timeout: this.timeoutMs,
      statement_timeout: this.timeoutMs,
      keepAlive: true,
    });
    const publisherFailed = (error: Error) => this.problem('event publisher connection failed', { error: error.message });
    // Idle clients report to the pool; a client in use reports to its own listener (pg-pool listens only while idle).
    this.publisher.on('error', publisherFailed);
    this.publisher.on('connect', (client) => client.on('error', publisherFailed));
  }

  /** Opens the LISTEN connection; resolves once it listens. Start-up fails if the database is unreachable. */
  start(): Promise<void> {
    this.listening ??= this.listen();
    return this.listening;
  }

  async publish(events: readonly DomainEvent[]): Promise<void> {
    for (const event of events) {
      const payload = JSON.stringify(event);
      if (Buffer.byteLength(payload, 'utf8') > MAX_NOTIFY_PAYLOAD_BYTES) {
        this.problem('event too large for NOTIFY; not sent', { type: event.type, bytes: Buffer.byteLength(payload, 'utf8') });
        continue;
      }
      await this.publisher.query('select pg_notify($1, $2)', [this.channel, payload]);
    }
  }

  subscribe(listener: (event: DomainEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  onMissedEvents(listener: () => void): () => void {
    this.gapListeners.add(listener);
    return () => {
      this.gapListeners.delete(listener);
    };
  }

  /**
   * Calls `listener` on every notification on `channel` (one of `wakeChannels`), and once after
   * each re-established LISTEN connection, since wakes sent while it was down were missed.
   */
  onWake(channel: string, listener: () => void): () => void {
    const listeners = this.wakeListeners.get(channel);
    if (!listeners) throw new Error(`PostgresEventBus: ${channel} is not one of its wakeChannels`);
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }

  get subscriberCount(): number {
    return this.listeners.size;
  }

  /** The backend pid of the LISTEN connection (tests terminate it to prove reconnection). */
  async listenerPid(): Promise<number | null> {
    const client = this.listenClient;
    if (!client) return null;
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    return rows[0]?.pid ?? null;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.livenessTimer) clearInterval(this.livenessTimer);
    const client = this.listenClient;
    this.listenClient = null;
    await client?.end().catch(() => undefined);
    await this.publisher.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const client = new (loadPg().Client)({
      connectionString: this.options.connectionString,
      application_name: this.options.applicationName ?? 'escrow-events',
      connectionTimeoutMillis: this.timeoutMs,
      query_timeout: this.timeoutMs,
      keepAlive: true,
    });
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.dispatch(message.payload);
      else this.wake(this.wakeListeners.get(message.channel));
    });
    // An idle client reports a dropped connection as 'error' and then 'end'; either starts a reconnect.
    client.on('error', (error) => this.lost(client, error.message));
    client.on('end', () => this.lost(client, 'connection ended'));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
      for (const wake of this.wakeListeners.keys()) await client.query(`LISTEN ${wake}`);
    } catch (error) {
      client.removeAllListeners();
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.listenClient = client;
    this.nextDelayMs = this.options.reconnectDelayMs ?? 250;
    this.watchLiveness();
  }

  /** A connection can die without a word (a cut network): ask it something now and then. */
  private watchLiveness(): void {
    if (this.livenessTimer) return;
    this.livenessTimer = setInterval(() => {
      const client = this.listenClient;
      if (!client) return;
      client.query('select 1').catch((error: unknown) => this.lost(client, `liveness query failed: ${error instanceof Error ? error.message : String(error)}`));
    }, this.options.livenessIntervalMs ?? 15_000);
    this.livenessTimer.unref();
  }

  private lost(client: pg.Client, reason: string): void {
    if (this.listenClient !== client) return;
    this.listenClient = null;
    client.removeAllListeners();
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.problem('event LISTEN connection lost; reconnecting', { reason });
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return;
    const delay = this.nextDelayMs;
    this.nextDelayMs = Math.min(delay * 2, this.options.maxReconnectDelayMs ?? 5_000);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.listen().then(
        () => {
          if (this.closed) return;
          this.reconnects += 1;
          this.missed();
        },
        (error: unknown) => {
          this.problem('event LISTEN reconnect failed', { error: error instanceof Error ? error.message : String(error) });
          this.scheduleReconnect();
        },
      );
    }, delay);
    this.reconnectTimer.unref();
  }

  private wake(listeners: Set<() => void> | undefined): void {
    for (const listener of [...(listeners ?? [])]) {
      try {
        listener();
      } catch (error) {
        this.problem('wake listener failed', { error: error instanceof Error ? error.message : String(error) });
      }
    }
  }

  /** Listening again after a gap: whatever was published meanwhile never reached this process. */
  private missed(): void {
    for (const listeners of this.wakeListeners.values()) this.wake(listeners);
    for (const listener of [...this.gapListeners]) {
      try {
        listener();
      } catch (error) {
        this.problem('missed-events listener failed', { error: error instanceof Error ? error.message : String(error) });
      }
    }
  }

  private dispatch(payload: string | undefined): void {
    const event = parseEvent(payload);
    if (!event) {
      this.problem('unreadable event notification ignored', { bytes: payload?.length ?? 0 });
      return;
    }
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.problem('event subscriber failed', { error: error instanceof Error ? error.message : String(error) });
      }
    }
  }

  private problem(message: string, detail?: Record<string, unknown>): void {
    try {
      this.options.onProblem?.(message, detail);
    } catch {
      // A logger must never break event delivery.
    }
  }
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 200;

/** Anyone who can connect can NOTIFY on the channel: payloads are checked, not trusted. */
export function parseEvent(payload: string | undefined): DomainEvent | null {
  if (!payload) return null;
  let value: unknown;
  try {
    value = JSON.parse(payload);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  const status = parseOrderStatus(v['status']);
  if (v['type'] === 'order.changed' && isText(v['orderId']) && isText(v['sellerId']) && status.ok && isText(v['action']) && isText(v['at'])) {
    return { type: 'order.changed', orderId: v['orderId'], sellerId: v['sellerId'], status: status.value, action: v['action'], at: v['at'] };
  }
  if (v['type'] === 'seller.changed' && isText(v['sellerId']) && isText(v['at'])) {
    const change = v['change'];
    if (change === 'created' || change === 'updated') return { type: 'seller.changed', sellerId: v['sellerId'], change, at: v['at'] };
    return change === undefined ? { type: 'seller.changed', sellerId: v['sellerId'], at: v['at'] } : null;
  }
  if (v['type'] === 'contact.changed' && isText(v['contactId']) && (v['change'] === 'submitted' || v['change'] === 'resolved') && isText(v['at'])) {
    return { type: 'contact.changed', contactId: v['contactId'], change: v['change'], at: v['at'] };
  }
  if (v['type'] === 'payment_config.changed' && isText(v['at'])) {
    return { type: 'payment_config.changed', at: v['at'] };
  }
  return null;
}
