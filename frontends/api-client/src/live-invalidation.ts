import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { coalesce, useLiveStream, type LiveReason, type LiveStatus, type LiveStreamOptions } from './live.ts';

export interface LiveInvalidationOptions extends LiveStreamOptions {
  /** The queries a change makes out of date (every query whose key starts with one of these). */
  readonly queryKeys: readonly QueryKey[];
  /** A burst of changes is re-read once, after this quiet time... */
  readonly quietMs: number;
  /** ...and at least this often while changes keep coming. */
  readonly maxWaitMs: number;
  /** Also told of every reason, before the re-read is asked for (e.g. to show a toast). */
  readonly onReason?: (reason: LiveReason) => void;
}

/**
 * Keeps a screen's queries current from a live stream: any change, a reconnection (events may
 * have been missed) or a refused stream (the re-read says why: signed out, role gone) marks
 * `queryKeys` out of date, coalesced, so the queries on screen read again once per burst.
 */
export function useLiveInvalidation(url: string | null, options: LiveInvalidationOptions): LiveStatus {
  const client = useQueryClient();
  const { quietMs, maxWaitMs, onReason } = options;
  const keys = JSON.stringify(options.queryKeys);
  const coalescer = useMemo(
    () => coalesce(() => void Promise.all((JSON.parse(keys) as QueryKey[]).map((queryKey) => client.invalidateQueries({ queryKey }))), { quietMs, maxWaitMs }),
    [client, keys, quietMs, maxWaitMs],
  );
  useEffect(() => () => coalescer.cancel(), [coalescer]);
  return useLiveStream(url, options, (reason) => {
    onReason?.(reason);
    if (reason.kind !== 'dropped') coalescer.request();
  });
}
