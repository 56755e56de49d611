import { useEffect, useRef } from 'react';
import type { OrderStatus } from '@escrow/core/orders';

/** The data of a server-sent `order.changed` event (apps/api/src/http/sse.ts). */
export interface OrderChangedEvent {
  readonly orderId: string;
  readonly status: OrderStatus;
  readonly action: string;
  readonly at: string;
}

function parseEvent(data: unknown): OrderChangedEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const value = JSON.parse(data) as Partial<OrderChangedEvent>;
    return typeof value.orderId === 'string' && typeof value.action === 'string' && typeof value.status === 'string' ? (value as OrderChangedEvent) : null;
  } catch {
    return null;
  }
}

/**
 * Listens to a live stream of `order.changed` events while `url` is set. The browser reconnects
 * by itself when the stream ends (the server closes each after 30 minutes); events sent while it
 * was away are lost, so every `ready` after the first calls `onReconnect` for the page to re-read.
 * The callbacks may change on every render without reopening the stream.
 */
export function useLiveEvents(url: string | null, handlers: { onChange: (event: OrderChangedEvent) => void; onReconnect?: () => void }): void {
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });
  useEffect(() => {
    if (url === null || typeof EventSource === 'undefined') return undefined;
    const source = new EventSource(url);
    let connected = false;
    source.addEventListener('ready', () => {
      if (connected) latest.current.onReconnect?.();
      connected = true;
    });
    source.addEventListener('order.changed', (message) => {
      const event = parseEvent((message as MessageEvent).data);
      if (event) latest.current.onChange(event);
    });
    return () => source.close();
  }, [url]);
}
