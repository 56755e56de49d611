import { useEffect, useRef, useState } from 'react';

/**
 * Why a screen should re-read (the streams' events say only what changed, decision 0013):
 * - `changed`: one of the stream's events arrived (`name`, its raw `data`);
 * - `reconnected`: the stream is back after a drop, and events may have been missed meanwhile;
 * - `dropped`: a stream that was live broke (it may mean access ended: a reassigned rider);
 * - `refused`: the server did not open the stream (signed out, role gone, 404, 429, restarting).
 */
export type LiveReason =
  | { readonly kind: 'changed'; readonly name: string; readonly data: string }
  | { readonly kind: 'reconnected' }
  | { readonly kind: 'dropped' }
  | { readonly kind: 'refused' };

export type LiveStatus = 'connecting' | 'live' | 'reconnecting';

export interface LiveStreamOptions {
  /** The names of the events that mean a change (`message`, the unnamed event, always counts). */
  readonly events: readonly string[];
  /** A refused stream (EventSource gives up on a non-200 answer) is opened again this much later... */
  readonly reopenAfterMs: number;
  /** ...at most this many times in a row (a stream that gets `ready` starts counting again); Infinity: always. */
  readonly maxReopens: number;
}

/**
 * The one way a screen listens to a live stream (GET /api/live/...): the admin's, the seller's,
 * one order's for the buyer and the rider. `onReason` may change on every render without
 * reopening the stream; `url` null: no stream. The browser itself reconnects a stream that
 * dropped; a stream the server refused is reopened by `reopenAfterMs`/`maxReopens`.
 */
export function useLiveStream(url: string | null, options: LiveStreamOptions, onReason: (reason: LiveReason) => void): LiveStatus {
  const [status, setStatus] = useState<LiveStatus>('connecting');
  const latest = useRef(onReason);
  useEffect(() => {
    latest.current = onReason;
  });
  const { reopenAfterMs, maxReopens } = options;
  const events = options.events.join('\n');

  useEffect(() => {
    if (url === null || typeof EventSource === 'undefined') return undefined;
    let source: EventSource | null = null;
    let reopenTimer: ReturnType<typeof setTimeout> | undefined;
    let reopens = 0;
    let connectedBefore = false;
    let closed = false;
    const names = events === '' ? [] : events.split('\n');

    const open = () => {
      const current = new EventSource(url);
      source = current;
      current.addEventListener('ready', () => {
        setStatus('live');
        if (connectedBefore) latest.current({ kind: 'reconnected' });
        connectedBefore = true;
        reopens = 0;
      });
      const changed = (event: Event) => latest.current({ kind: 'changed', name: event.type, data: typeof (event as MessageEvent).data === 'string' ? (event as MessageEvent<string>).data : '' });
      for (const name of names) current.addEventListener(name, changed);
      current.addEventListener('message', changed);
      current.addEventListener('error', () => {
        if (closed) return;
        setStatus('reconnecting');
        if (current.readyState !== EventSource.CLOSED) {
          // The browser reconnects by itself; the next `ready` reports `reconnected`.
          if (connectedBefore) latest.current({ kind: 'dropped' });
          return;
        }
        current.close();
        latest.current({ kind: 'refused' });
        if (reopens < maxReopens) {
          reopens += 1;
          reopenTimer = setTimeout(open, reopenAfterMs);
        }
      });
    };
    open();
    return () => {
      closed = true;
      clearTimeout(reopenTimer);
      source?.close();
    };
  }, [url, events, reopenAfterMs, maxReopens]);

  return status;
}

/** A burst of calls becomes one: after `quietMs` without another, and at least every `maxWaitMs` while they keep coming. */
export interface Coalescer {
  /** Asks for a run (soon). */
  request(): void;
  /** Runs now if a run was asked for. */
  flush(): void;
  /** Drops what was asked for (the screen went away). */
  cancel(): void;
}

export function coalesce(run: () => void, { quietMs, maxWaitMs }: { readonly quietMs: number; readonly maxWaitMs: number }): Coalescer {
  let quietTimer: ReturnType<typeof setTimeout> | undefined;
  let maxTimer: ReturnType<typeof setTimeout> | undefined;
  const clear = () => {
    clearTimeout(quietTimer);
    clearTimeout(maxTimer);
    quietTimer = undefined;
    maxTimer = undefined;
  };
  const fire = () => {
    clear();
    run();
  };
  return {
    request() {
      clearTimeout(quietTimer);
      quietTimer = setTimeout(fire, quietMs);
      maxTimer ??= setTimeout(fire, maxWaitMs);
    },
    flush() {
      if (quietTimer !== undefined) fire();
    },
    cancel: clear,
  };
}
