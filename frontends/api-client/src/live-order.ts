import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiResult } from '@escrow/ui/api/request-json';
import { useLiveStream, type LiveReason } from './live.ts';

/** The data of an `order.changed` server-sent event (apps/api/src/http/sse.ts). */
export interface OrderChangedMessage {
  readonly orderId: string;
  readonly status: string;
  readonly action: string;
  readonly at: string;
}

/** Why the page should re-read: a change, a reconnect (events may have been missed), or the stream ended or was refused. */
export type OrderEventReason = { readonly kind: 'changed'; readonly message: OrderChangedMessage } | { readonly kind: 'reconnected' } | { readonly kind: 'dropped' };

function parseMessage(data: string): OrderChangedMessage | null {
  try {
    const value = JSON.parse(data) as Partial<OrderChangedMessage>;
    return typeof value.orderId === 'string' && typeof value.status === 'string' && typeof value.action === 'string'
      ? { orderId: value.orderId, status: value.status, action: value.action, at: typeof value.at === 'string' ? value.at : '' }
      : null;
  } catch {
    return null;
  }
}

/** One order's stream (GET /api/live/orders/{id}, decision 0013): a refused one (404, 429) is opened again a minute later, five times at most. */
const ORDER_STREAM = { events: ['order.changed'], reopenAfterMs: 60_000, maxReopens: 5 } as const;

/** A stream's reason as the order page reads it: a refusal after access ended (a reassigned rider) is a drop. */
function orderReason(reason: LiveReason): OrderEventReason | null {
  if (reason.kind === 'changed') {
    const message = parseMessage(reason.data);
    return message ? { kind: 'changed', message } : null;
  }
  return reason.kind === 'refused' ? { kind: 'dropped' } : reason;
}

export type LiveOrderState<T> =
  | { readonly kind: 'loading' }
  /** `stale`: the last re-read failed; what is shown may be out of date. */
  | { readonly kind: 'loaded'; readonly data: T; readonly stale: boolean }
  /** 404: missing, or not this caller's (a denial answers exactly like a missing order). */
  | { readonly kind: 'not-found'; readonly message: string }
  | { readonly kind: 'failed'; readonly status: number; readonly message: string };

export interface LiveOrder<T> {
  readonly state: LiveOrderState<T>;
  /** Re-reads at once (or once the read under way ends), keeping what is on screen meanwhile. */
  reload(): void;
  /** Loads again from scratch after a failure. */
  retry(): void;
  /** Marks the next live event of `action` as the page's own; call before sending the request. */
  expectOwn(action: string): void;
  /** The request was not sent or was refused: no event of it will come. */
  forgetOwn(action: string): void;
  /**
   * Tells `listener` of every live event, the page's own ones included, for parts of the page
   * that read more than the order (the buyer's M-Pesa prompt). Returns the unsubscribe.
   */
  subscribe(listener: (reason: OrderEventReason) => void): () => void;
}

export interface LiveOrderOptions<T> {
  /** Identifies what is loaded (order id and credentials); null: nothing to load. */
  readonly key: string | null;
  readonly load: (signal: AbortSignal) => Promise<ApiResult<T>>;
  /** The live stream's URL while loaded; null: none. */
  readonly liveUrl: string | null;
  /** The message for a failure without a server message. */
  readonly failedMessage: string;
  /**
   * Re-read as soon as the stream drops (a rider's stream ends when the seller reassigns the
   * job, and the next read says so); otherwise the reconnect's `ready` triggers the re-read.
   */
  readonly reReadOnDrop?: boolean;
  /**
   * The first read's answer when the page came with it (a server-rendered lean page, decision
   * 0059): shown at once, and not read again until an event or a reload asks for it.
   */
  readonly initial?: ApiResult<T>;
}

/** The state after a read's `result`, given what was shown before it. */
function stateAfter<T>(previous: LiveOrderState<T>, result: ApiResult<T>, failedMessage: string): LiveOrderState<T> {
  if (result.ok) return { kind: 'loaded', data: result.data, stale: false };
  if (result.status === 404) return { kind: 'not-found', message: result.message };
  // In the browser's console; a server render (decision 0059) leaves logging to the API.
  if (typeof window !== 'undefined') console.warn('Loading the order failed', result.status, result.message);
  if (previous.kind === 'loaded') return { ...previous, stale: true };
  // A 503 says what it is (the service, not the phone's connection); other failures the page's own text.
  return { kind: 'failed', status: result.status, message: result.status === 503 ? result.message : result.status === 0 || result.status >= 500 ? failedMessage : result.message };
}

/**
 * One order as its caller may see it, kept current by the order's live events (decision 0013:
 * events say only what changed, so each one triggers a re-read). An event is read at once (no
 * waiting to see whether more follow: the change reaches the screen one request after the event);
 * events that arrive while a re-read is under way ask for one more when it ends (a burst costs at
 * most two reads, and the last state is always read), and the page's own changes (re-read after
 * their answer) are not read a second time when their event arrives (decision 0052).
 */
export function useLiveOrder<T>({ key, load, liveUrl, failedMessage, reReadOnDrop = false, initial }: LiveOrderOptions<T>): LiveOrder<T> {
  const [state, setState] = useState<LiveOrderState<T>>(() => (initial === undefined || key === null ? { kind: 'loading' } : stateAfter<T>({ kind: 'loading' }, initial, failedMessage)));
  // The page's own answer stands for the first read of the key it was mounted with (in
  // development StrictMode runs the effect twice: both are that first read).
  const answeredKey = useRef(initial !== undefined ? key : null);
  const [generation, setGeneration] = useState(0);
  const ownActions = useRef(new Map<string, number>());
  const listeners = useRef(new Set<(reason: OrderEventReason) => void>());
  // A read under way; events meanwhile set `readAgain`, read when it ends.
  const reading = useRef(false);
  const readAgain = useRef(false);
  const latestLoad = useRef(load);
  useEffect(() => {
    latestLoad.current = load;
  });

  useEffect(() => {
    if (key === null) return;
    if (generation === 0 && key === answeredKey.current) return;
    const controller = new AbortController();
    reading.current = true;
    latestLoad
      .current(controller.signal)
      .then((result) => {
        if (controller.signal.aborted) return;
        setState((previous) => stateAfter(previous, result, failedMessage));
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn('Loading the order failed', error);
      })
      .finally(() => {
        if (controller.signal.aborted) return;
        reading.current = false;
        if (readAgain.current) {
          readAgain.current = false;
          setGeneration((n) => n + 1);
        }
      });
    return () => {
      controller.abort();
      reading.current = false;
    };
  }, [key, generation, failedMessage]);

  const reload = useCallback(() => {
    if (reading.current) {
      readAgain.current = true;
      return;
    }
    setGeneration((n) => n + 1);
  }, []);

  const retry = useCallback(() => {
    readAgain.current = false;
    setState({ kind: 'loading' });
    setGeneration((n) => n + 1);
  }, []);

  const onLive = useCallback(
    (reason: OrderEventReason) => {
      for (const listener of listeners.current) listener(reason);
      if (reason.kind === 'dropped' && !reReadOnDrop) return;
      if (reason.kind === 'changed') {
        const pending = ownActions.current.get(reason.message.action) ?? 0;
        if (pending > 0) {
          ownActions.current.set(reason.message.action, pending - 1);
          return;
        }
      }
      reload();
    },
    [reload, reReadOnDrop],
  );
  useLiveStream(state.kind === 'loaded' ? liveUrl : null, ORDER_STREAM, (reason) => {
    const read = orderReason(reason);
    if (read) onLive(read);
  });

  const expectOwn = useCallback((action: string) => {
    ownActions.current.set(action, (ownActions.current.get(action) ?? 0) + 1);
  }, []);
  const forgetOwn = useCallback((action: string) => {
    const pending = ownActions.current.get(action) ?? 0;
    if (pending > 0) ownActions.current.set(action, pending - 1);
  }, []);

  const subscribe = useCallback((listener: (reason: OrderEventReason) => void) => {
    listeners.current.add(listener);
    return () => {
      listeners.current.delete(listener);
    };
  }, []);

  return { state, reload, retry, expectOwn, forgetOwn, subscribe };
}
