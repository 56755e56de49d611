import type { DomainEvent, EventBus, OrderChangedEvent } from '@escrow/core';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';

type Listener = (event: DomainEvent) => void;
interface Watcher {
  readonly onEvent: Listener;
  readonly onMissed: (() => void) | undefined;
}

/**
 * Live streams of this process, fed by the EventBus: per order (buyer, rider), per seller
 * (the seller dashboard) and of everything (admins). One bus subscription is held while at
 * least one stream is open and dropped with the last one, so a quiet server holds nothing.
 * When the bus says events were missed (its connection to the database was lost and is
 * back), every watcher's `onMissed` is called: the streams end and the screens re-read.
 */
export class LiveOrders {
  private readonly watchers = new Map<string, Set<Watcher>>();
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly bus: EventBus | undefined) {}

  /** `order.changed` events of one order. */
  watch(orderId: string, onEvent: (event: OrderChangedEvent) => void, onMissed?: () => void): () => void {
    return this.add(
      `order:${orderId}`,
      (event) => {
        if (event.type === 'order.changed') onEvent(event);
      },
      onMissed,
    );
  }

  /** `order.changed` events of one seller's orders. */
  watchSeller(sellerId: string, onEvent: (event: OrderChangedEvent) => void, onMissed?: () => void): () => void {
    return this.add(
      `seller:${sellerId}`,
      (event) => {
        if (event.type === 'order.changed') onEvent(event);
      },
      onMissed,
    );
  }

  /** Every event: all order changes and seller changes. */
  watchAll(onEvent: (event: DomainEvent) => void, onMissed?: () => void): () => void {
    return this.add('*', onEvent, onMissed);
  }

  private add(key: string, onEvent: Listener, onMissed: (() => void) | undefined): () => void {
    let set = this.watchers.get(key);
    if (!set) {
      set = new Set();
      this.watchers.set(key, set);
    }
    const watcher: Watcher = { onEvent, onMissed };
    set.add(watcher);
    if (!this.unsubscribe && this.bus) {
      const stopEvents = this.bus.subscribe((event) => this.dispatch(event));
      const stopGaps = this.bus.onMissedEvents?.(() => this.missed());
      this.unsubscribe = () => {
        stopEvents();
        stopGaps?.();
      };
    }
    let done = false;
    return () => {
      if (done) return;
      done = true;
      const current = this.watchers.get(key);
      current?.delete(watcher);
      if (current?.size === 0) this.watchers.delete(key);
      if (this.watchers.size === 0 && this.unsubscribe) {
        this.unsubscribe();
        this.unsubscribe = null;
      }
    };
  }

  private dispatch(event: DomainEvent): void {
    const keys = event.type === 'order.changed' ? [`order:${event.orderId}`, `seller:${event.sellerId}`, '*'] : ['*'];
    for (const key of keys) {
      for (const watcher of [...(this.watchers.get(key) ?? [])]) watcher.onEvent(event);
    }
  }

  private missed(): void {
    for (const set of [...this.watchers.values()]) for (const watcher of [...set]) watcher.onMissed?.();
  }

  /** Open streams in this process (tests check that a disconnect frees its stream). */
  get watcherCount(): number {
    let count = 0;
    for (const set of this.watchers.values()) count += set.size;
    return count;
  }

  get subscribedToBus(): boolean {
    return this.unsubscribe !== null;
  }
}

export interface OrderStreamOptions {
  readonly live: LiveOrders;
  readonly orderId: string;
  /** A comment line this often keeps proxies and mobile networks from closing an idle stream. */
  readonly heartbeatMs: number;
  /** Streams end after this long; the browser reconnects (and is checked again). */
  readonly maxLifetimeMs: number;
  /** Asked before each event: false ends the stream (a reassigned rider's link stops working). */
  readonly stillAllowed?: () => Promise<boolean>;
  /** Aborted when the server shuts down: the stream ends with a reconnect hint (see `eventStream`). */
  readonly closing?: AbortSignal;
}

/** What any live stream needs: how to watch, what to say first, and how to word each event. */
export interface EventStreamOptions<E> {
  /** Subscribes; `onMissed` is called when events may have been missed (LiveOrders). Returns the unsubscribe. */
  readonly watch: (onEvent: (event: E) => void, onMissed: () => void) => () => void;
  /** The data of the first `ready` event. */
  readonly ready: Readonly<Record<string, unknown>>;
  readonly toMessage: (event: E) => { readonly event: string; readonly data: unknown };
  readonly heartbeatMs: number;
  readonly maxLifetimeMs: number;
  /** Asked before each event: false ends the stream. */
  readonly stillAllowed?: () => Promise<boolean>;
  /** Aborted when the server shuts down: the stream ends with a reconnect hint. */
  readonly closing?: AbortSignal;
}

/**
 * How long a browser waits before reconnecting a stream that ended because this process is
 * shutting down: a short delay, spread out so that the streams of a stopping instance do not
 * all land on the others in the same instant (decision 0037).
 */
export function reconnectDelayMs(random: () => number = Math.random): number {
  return 1_000 + Math.floor(random() * 2_000);
}

/**
 * A `text/event-stream`: `ready` first, then one message per event, a heartbeat comment when
 * idle, an end after `maxLifetimeMs` (the browser reconnects and is checked again), and a
 * clean unsubscribe when the client goes away. When `closing` is aborted (the process shuts
 * down) the stream ends at once with a `reconnect` event whose `retry:` field tells the browser
 * to reconnect after `reconnectDelayMs()`, to another instance (events in that gap are not
 * lost to the page: it re-reads on `ready`). When events may have been missed (the event bus
 * lost its connection), the stream ends with a short `retry` too: the browser reconnects, and
 * every screen re-reads on a `ready` after its first one.
 */
export function eventStream<E>(c: Context, options: EventStreamOptions<E>): Response {
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    const queue: E[] = [];
    let wake: (() => void) | null = null;
    let open = true;
    let missed = false;
    const stop = options.watch(
      (event) => {
        queue.push(event);
        wake?.();
      },
      () => {
        missed = true;
        wake?.();
      },
    );
    const onClosing = () => wake?.();
    options.closing?.addEventListener('abort', onClosing);
    const closing = () => options.closing?.aborted === true;
    stream.onAbort(() => {
      open = false;
      stop();
      wake?.();
    });
    const endAt = Date.now() + options.maxLifetimeMs;
    try {
      // retry: browsers wait 10 s before reconnecting instead of hammering a failing server.
      if (!closing()) await stream.writeSSE({ event: 'ready', data: JSON.stringify(options.ready), retry: 10_000 });
      while (open && !closing() && Date.now() < endAt) {
        if (queue.length === 0) {
          let timer: NodeJS.Timeout | undefined;
          await new Promise<void>((resolve) => {
            wake = resolve;
            timer = setTimeout(resolve, Math.min(options.heartbeatMs, Math.max(0, endAt - Date.now())));
          });
          clearTimeout(timer);
          wake = null;
          if (!open || closing() || missed) break;
          if (queue.length === 0) {
            await stream.write(': heartbeat\n\n');
            continue;
          }
        }
        if (missed) break;
        if (queue.length === 0) continue;
        const event = queue.shift() as E;
        if (options.stillAllowed && !(await options.stillAllowed())) break;
        const message = options.toMessage(event);
        await stream.writeSSE({ event: message.event, data: JSON.stringify(message.data) });
      }
      if (open && closing()) {
        const retryMs = reconnectDelayMs();
        await stream.writeSSE({ event: 'reconnect', data: JSON.stringify({ reason: 'server shutting down', retryMs }), retry: retryMs });
      } else if (open && missed) {
        // Events were missed: the browser comes back soon, and its screen re-reads.
        await stream.write(`retry: ${reconnectDelayMs()}\n\n`);
      }
    } finally {
      options.closing?.removeEventListener('abort', onClosing);
      stop();
    }
  });
}

/** The data of an `order.changed` message: the screen re-reads what its caller may see. */
export const orderChangedMessage = (event: OrderChangedEvent) => ({
  event: 'order.changed',
  data: { orderId: event.orderId, status: event.status, action: event.action, at: event.at },
});

/**
 * `text/event-stream` of one order: `ready` first, then an `order.changed` event per committed
 * change (order id, status, action, time: the screen re-reads what it may see), a heartbeat
 * comment when idle, and a clean unsubscribe when the client goes away.
 */
export function orderEventStream(c: Context, options: OrderStreamOptions): Response {
  return eventStream<OrderChangedEvent>(c, {
    watch: (onEvent, onMissed) => options.live.watch(options.orderId, onEvent, onMissed),
    ready: { orderId: options.orderId },
    toMessage: orderChangedMessage,
    heartbeatMs: options.heartbeatMs,
    maxLifetimeMs: options.maxLifetimeMs,
    ...(options.stillAllowed ? { stillAllowed: options.stillAllowed } : {}),
    ...(options.closing ? { closing: options.closing } : {}),
  });
}
