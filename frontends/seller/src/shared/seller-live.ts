import type { OrderStatus } from '@escrow/core/orders';
import { useLiveStream } from '@escrow/api-client/live';

/** The seller's live stream: every change of the seller's orders (apps/api/src/features/live/seller-routes.ts). */
export const SELLER_LIVE = '/api/live/seller';

/** The data of a server-sent `order.changed` event (apps/api/src/http/sse.ts). */
export interface OrderChangedEvent {
  readonly orderId: string;
  readonly status: OrderStatus;
  readonly action: string;
  readonly at: string;
}

function parseEvent(data: string): OrderChangedEvent | null {
  try {
    const value = JSON.parse(data) as Partial<OrderChangedEvent>;
    return typeof value.orderId === 'string' && typeof value.action === 'string' && typeof value.status === 'string' ? (value as OrderChangedEvent) : null;
  } catch {
    return null;
  }
}

/** A refused seller stream (signed out, restarting) is opened again a minute later, five times at most. */
const REOPEN = { reopenAfterMs: 60_000, maxReopens: 5 } as const;

/**
 * The seller's screens on the one live-stream hook (@escrow/api-client/live): `onChange` for
 * each `order.changed`, `onReconnect` when the stream is back after a drop or a refusal (events
 * may have been missed, so the screen re-reads). `url` null: no stream.
 */
export function useSellerLive(url: string | null, handlers: { onChange: (event: OrderChangedEvent) => void; onReconnect?: () => void }): void {
  useLiveStream(url, { events: ['order.changed'], ...REOPEN }, (reason) => {
    if (reason.kind === 'changed') {
      const event = parseEvent(reason.data);
      if (event) handlers.onChange(event);
    } else if (reason.kind === 'reconnected' || reason.kind === 'refused') handlers.onReconnect?.();
  });
}
