// @vitest-environment happy-dom
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, cleanup, render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalesce, useLiveStream, type LiveReason } from '../src/live.ts';
import { useLiveInvalidation } from '../src/live-invalidation.ts';
import { createEscrowQueryClient } from '../src/query-client.tsx';

/** A browser EventSource the test drives: the server's events, a drop, a refusal. */
class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  closedByPage = false;
  constructor(readonly url: string) {
    super();
    FakeEventSource.instances.push(this);
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
    this.closedByPage = true;
  }
  ready() {
    this.readyState = FakeEventSource.OPEN;
    this.dispatchEvent(new MessageEvent('ready', { data: '{}' }));
  }
  emit(name: string, data: string) {
    this.dispatchEvent(new MessageEvent(name, { data }));
  }
  /** The connection broke; the browser will reconnect by itself. */
  drop() {
    this.readyState = FakeEventSource.CONNECTING;
    this.dispatchEvent(new Event('error'));
  }
  /** The server answered other than 200 text/event-stream: the browser gives up. */
  refuse() {
    this.readyState = FakeEventSource.CLOSED;
    this.dispatchEvent(new Event('error'));
  }
}

const latest = () => {
  const source = FakeEventSource.instances.at(-1);
  if (!source) throw new Error('no stream was opened');
  return source;
};

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('coalesce', () => {
  it('runs a burst once, after the quiet time', () => {
    const run = vi.fn();
    const burst = coalesce(run, { quietMs: 400, maxWaitMs: 2_000 });
    for (let i = 0; i < 5; i += 1) {
      burst.request();
      vi.advanceTimersByTime(100);
    }
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(400);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5_000);
    expect(run).toHaveBeenCalledTimes(1);
  });

  it('runs at least every maxWait while requests keep coming', () => {
    const run = vi.fn();
    const steady = coalesce(run, { quietMs: 400, maxWaitMs: 2_000 });
    for (let elapsed = 0; elapsed < 4_100; elapsed += 300) {
      steady.request();
      vi.advanceTimersByTime(300);
    }
    // Requests every 300 ms never leave 400 ms of quiet: only the 2 s ceiling runs it, twice in 4.1 s.
    expect(run).toHaveBeenCalledTimes(2);
  });

  it('flush runs at once only what was asked for; cancel drops it', () => {
    const run = vi.fn();
    const burst = coalesce(run, { quietMs: 400, maxWaitMs: 2_000 });
    burst.flush();
    expect(run).not.toHaveBeenCalled();
    burst.request();
    burst.flush();
    expect(run).toHaveBeenCalledTimes(1);
    burst.request();
    burst.cancel();
    vi.advanceTimersByTime(3_000);
    expect(run).toHaveBeenCalledTimes(1);
  });
});

describe('useLiveStream', () => {
  const options = { events: ['order.changed', 'seller.changed'], reopenAfterMs: 15_000, maxReopens: 2 };

  it('reports each named event with its data, and a reconnection after a drop, never the first ready', () => {
    const reasons: LiveReason[] = [];
    const { result } = renderHook(() => useLiveStream('/api/live/admin', options, (reason) => reasons.push(reason)));
    expect(result.current).toBe('connecting');
    act(() => latest().ready());
    expect(result.current).toBe('live');
    expect(reasons).toEqual([]);

    act(() => latest().emit('order.changed', '{"orderId":"o-1"}'));
    act(() => latest().emit('seller.changed', '{}'));
    act(() => latest().emit('unrelated', '{}'));
    expect(reasons).toEqual([
      { kind: 'changed', name: 'order.changed', data: '{"orderId":"o-1"}' },
      { kind: 'changed', name: 'seller.changed', data: '{}' },
    ]);

    act(() => latest().drop());
    expect(result.current).toBe('reconnecting');
    act(() => latest().ready());
    expect(result.current).toBe('live');
    expect(reasons.slice(2)).toEqual([{ kind: 'dropped' }, { kind: 'reconnected' }]);
    expect(FakeEventSource.instances).toHaveLength(1);
  });

  it('opens a refused stream again after the delay, at most maxReopens times in a row, and a ready starts the count again', () => {
    const reasons: LiveReason[] = [];
    renderHook(() => useLiveStream('/api/live/orders/o-1', options, (reason) => reasons.push(reason)));
    act(() => latest().refuse());
    expect(reasons).toEqual([{ kind: 'refused' }]);
    vi.advanceTimersByTime(14_999);
    expect(FakeEventSource.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.instances).toHaveLength(2);

    act(() => latest().ready());
    act(() => latest().refuse());
    vi.advanceTimersByTime(15_000);
    act(() => latest().refuse());
    vi.advanceTimersByTime(15_000);
    act(() => latest().refuse());
    vi.advanceTimersByTime(60_000);
    // 1 + one reopen, then (after ready) 2 more: the third refusal in a row is the last.
    expect(FakeEventSource.instances).toHaveLength(4);
  });

  it('closes the stream when the screen goes away or the url becomes null, and takes the newest callback without reopening', () => {
    const first = vi.fn();
    const second = vi.fn();
    const { rerender, unmount } = renderHook(({ url, onReason }) => useLiveStream(url, options, onReason), { initialProps: { url: '/api/live/seller' as string | null, onReason: first } });
    rerender({ url: '/api/live/seller', onReason: second });
    act(() => latest().emit('order.changed', '{}'));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
    expect(FakeEventSource.instances).toHaveLength(1);

    rerender({ url: null, onReason: second });
    expect(FakeEventSource.instances[0]?.closedByPage).toBe(true);
    rerender({ url: '/api/live/seller', onReason: second });
    unmount();
    expect(FakeEventSource.instances.every((source) => source.closedByPage)).toBe(true);
  });
});

describe('useLiveInvalidation', () => {
  it('re-reads the queries on screen once per burst of changes, and after a reconnection, but not for a mere drop', async () => {
    const client = createEscrowQueryClient();
    const read = vi.fn(async () => ({ orders: read.mock.calls.length }));
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    function Screen() {
      useLiveInvalidation('/api/live/admin', { events: ['order.changed'], queryKeys: [['admin']], quietMs: 400, maxWaitMs: 2_000, reopenAfterMs: 15_000, maxReopens: 5 });
      const orders = useQuery({ queryKey: ['admin', '/api/admin/orders'], queryFn: read });
      const other = useQuery({ queryKey: ['seller', '/api/seller/orders'], queryFn: async () => 'not admin' });
      return <p>{`${orders.data?.orders ?? '-'} ${other.data ?? '-'}`}</p>;
    }
    render(<Screen />, { wrapper });
    await act(async () => vi.advanceTimersByTimeAsync(0));
    expect(read).toHaveBeenCalledTimes(1);

    act(() => latest().ready());
    for (let i = 0; i < 10; i += 1) act(() => latest().emit('order.changed', '{}'));
    await act(async () => vi.advanceTimersByTimeAsync(399));
    expect(read).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    expect(read).toHaveBeenCalledTimes(2);

    act(() => latest().drop());
    await act(async () => vi.advanceTimersByTimeAsync(1_000));
    expect(read).toHaveBeenCalledTimes(2);
    act(() => latest().ready());
    await act(async () => vi.advanceTimersByTimeAsync(400));
    expect(read).toHaveBeenCalledTimes(3);
  });
});
