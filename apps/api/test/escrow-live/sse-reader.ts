/** Reads a text/event-stream response event by event (comments included, as `: ...`). */
export function sseReader(response: Response) {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ended = false;
  const pending: string[] = [];
  const pull = async (): Promise<boolean> => {
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      return false;
    }
    buffer += decoder.decode(value, { stream: true });
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) !== -1) {
      pending.push(buffer.slice(0, cut));
      buffer = buffer.slice(cut + 2);
    }
    return true;
  };
  return {
    /** The next block (event or comment); null when the stream ended; throws after `ms`. */
    async next(ms = 5_000): Promise<{ event?: string; data?: unknown; comment?: string; retry?: number } | null> {
      const deadline = Date.now() + ms;
      while (pending.length === 0) {
        if (ended) return null;
        const more = await Promise.race([pull(), new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now())))]);
        if (more === 'timeout') throw new Error('no server-sent event in time');
      }
      const block = pending.shift()!;
      if (block.startsWith(':')) return { comment: block.slice(1).trim() };
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      const retry = /^retry: (\d+)$/m.exec(block)?.[1];
      // A block with only `retry:` (a stream ending after missed events) reports it; events keep their shape.
      if (!event && !data && retry) return { retry: Number(retry) };
      return { ...(event ? { event } : {}), ...(data ? { data: JSON.parse(data) } : {}) };
    },
    /** The next `event:` of this name, skipping heartbeats and others. */
    async nextEvent(name: string, ms = 5_000) {
      const deadline = Date.now() + ms;
      for (;;) {
        const block = await this.next(Math.max(1, deadline - Date.now()));
        if (block === null) return null;
        if (block.event === name) return block;
      }
    },
    cancel: () => reader.cancel(),
  };
}
