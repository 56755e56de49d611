import type { SimCallback, SimCallbackKind } from '../public-types.js';

function parseReply(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * POSTs callbacks to the integrator and keeps a log of every one. It never throws: a receiver
 * that is down, slow or answers 500 is something to record, not a simulator failure.
 */
export class CallbackPoster {
  private log: SimCallback[] = [];
  // Bumped by reset() and close(): a POST still in flight from before is not logged afterwards.
  private generation = 0;
  private closing = new AbortController();

  constructor(private readonly timeoutMs: number) {}

  /** Changes on every reset() and close(): work begun before should stop rather than POST again. */
  get epoch(): number {
    return this.generation;
  }

  /**
   * POSTs `body` as JSON (Daraja), or as an HTML form (`encoding: 'form'`, Africa's Talking's
   * delivery reports: `body` is then a record of strings).
   */
  async post(kind: SimCallbackKind, url: string, body: unknown, ref: string, encoding: 'json' | 'form' = 'json'): Promise<SimCallback> {
    const generation = this.generation;
    const at = new Date().toISOString();
    let status: SimCallback['status'];
    let response: unknown = null;
    try {
      const reply = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json' },
        body: encoding === 'form' ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
        signal: AbortSignal.any([AbortSignal.timeout(this.timeoutMs), this.closing.signal]),
      });
      // The reply's body counts against the same time limit as its head.
      response = parseReply(await reply.text());
      status = reply.status;
    } catch (error) {
      status = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'error';
      response = null;
    }
    const record: SimCallback = { kind, url, body, status, at, ref, response };
    if (generation === this.generation) this.log.push(record);
    return record;
  }

  list(): SimCallback[] {
    return structuredClone(this.log);
  }

  /** Forgets the log and abandons every POST in flight: none may reach the next test's receiver. */
  reset(): void {
    this.abortAll();
    this.log = [];
  }

  /** Abandons every POST in flight (reset(), close()); they are not logged. */
  abortAll(): void {
    this.generation += 1;
    this.closing.abort();
    this.closing = new AbortController();
  }
}
