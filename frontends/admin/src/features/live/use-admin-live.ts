import { useEffect, useEffectEvent, useState } from 'react';

/** The changes GET /api/live/admin announces: orders, sellers, contact messages, the Paybill settings. */
export const ADMIN_LIVE_EVENTS = ['order.changed', 'seller.changed', 'contact.changed', 'payment_config.changed'] as const;

/** Many changes in a burst (a rider's pickup, then delivery) cause one re-read... */
const QUIET_MS = 400;
/** ...but a steady stream of changes still shows up at least this often. */
const MAX_WAIT_MS = 2_000;
/** A stream the server refused (not an event stream) is tried again this much later. */
const RETRY_CLOSED_MS = 15_000;

export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

/**
 * Subscribes to the admin's live stream while the screen is open and calls `onChange` (debounced)
 * after any change. The events only say what changed; the screen re-reads what it shows. After a
 * reconnection (`ready` again) it re-reads too, since changes may have been missed meanwhile.
 */
export function useAdminLive(onChange: () => void, enabled = true): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const changed = useEffectEvent(onChange);

  useEffect(() => {
    if (!enabled) return;
    let source: EventSource | null = null;
    let quietTimer: ReturnType<typeof setTimeout> | undefined;
    let maxTimer: ReturnType<typeof setTimeout> | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let readyBefore = false;

    const flush = () => {
      clearTimeout(quietTimer);
      clearTimeout(maxTimer);
      quietTimer = undefined;
      maxTimer = undefined;
      changed();
    };
    const schedule = () => {
      clearTimeout(quietTimer);
      quietTimer = setTimeout(flush, QUIET_MS);
      maxTimer ??= setTimeout(flush, MAX_WAIT_MS);
    };

    const connect = () => {
      source = new EventSource('/api/live/admin');
      source.addEventListener('ready', () => {
        setStatus('live');
        if (readyBefore) schedule();
        readyBefore = true;
      });
      for (const name of ADMIN_LIVE_EVENTS) source.addEventListener(name, schedule);
      source.addEventListener('message', schedule);
      source.addEventListener('error', () => {
        if (source?.readyState !== EventSource.CLOSED) {
          setStatus('reconnecting');
          return;
        }
        // Refused (signed out, role removed, server restarting): re-read, which tells which, and try later.
        setStatus('reconnecting');
        source.close();
        schedule();
        retryTimer = setTimeout(connect, RETRY_CLOSED_MS);
      });
    };
    connect();

    return () => {
      source?.close();
      clearTimeout(quietTimer);
      clearTimeout(maxTimer);
      clearTimeout(retryTimer);
    };
  }, [enabled]);

  return status;
}
