import { useEffect, useRef } from 'react';

/** The data of an `order.changed` server-sent event (apps/api/src/http/sse.ts). */
export interface OrderChangedMessage {
  readonly orderId: string;
  readonly status: string;
  readonly action: string;
  readonly at: string;
}

/** Why the page should re-read: a change, a reconnect (events may have been missed), or the stream ended. */
export type OrderEventReason = { readonly kind: 'changed'; readonly message: OrderChangedMessage } | { readonly kind: 'reconnected' } | { readonly kind: 'dropped' };

/** After the server refused the stream (404, 429), try again this much later, at most this often. */
const REOPEN_AFTER_MS = 60_000;
const MAX_REOPENS = 5;

function parseMessage(data: unknown): OrderChangedMessage | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as Partial<OrderChangedMessage>;
    return typeof value.orderId === 'string' && typeof value.status === 'string' && typeof value.action === 'string'
      ? { orderId: value.orderId, status: value.status, action: value.action, at: typeof value.at === 'string' ? value.at : '' }
      : null;
  } catch {
    return null;
  }
}

/**
 * Live updates of one order (GET /api/live/orders/{id}, decision 0013). The events carry only
 * the status and the action, so `onEvent` re-reads what its caller may see. The browser
 * reconnects a dropped stream by itself; every `ready` after the first one means events may
 * have been missed, and a drop may mean access ended (a reassigned rider), so both are
 * reported too. A stream the server refused (EventSource gives up on a non-200 answer) is
 * reopened a few times, a minute apart. `url` null: no stream.
 */
export function useOrderEvents(url: string | null, onEvent: (reason: OrderEventReason) => void): void {
  const latest = useRef(onEvent);
  useEffect(() => {
    latest.current = onEvent;
  });

  useEffect(() => {
    if (url === null || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let reopens = 0;
    let connectedBefore = false;

    const open = () => {
      const current = new EventSource(url);
      source = current;
      current.addEventListener('ready', () => {
        if (connectedBefore) latest.current({ kind: 'reconnected' });
        connectedBefore = true;
        reopens = 0;
      });
      current.addEventListener('order.changed', (event) => {
        const message = parseMessage((event as MessageEvent).data);
        if (message) latest.current({ kind: 'changed', message });
      });
      current.addEventListener('error', () => {
        if (connectedBefore) latest.current({ kind: 'dropped' });
        if (current.readyState === EventSource.CLOSED && reopens < MAX_REOPENS) {
          reopens += 1;
          reopenTimer = setTimeout(open, REOPEN_AFTER_MS);
        }
      });
    };
    open();
    return () => {
      clearTimeout(reopenTimer);
      source?.close();
    };
  }, [url]);
}
