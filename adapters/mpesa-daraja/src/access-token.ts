import { z } from 'zod';
import { DarajaError } from './daraja-error.js';
import { sendDarajaRequest, type Transport } from './http-transport.js';

/** Refresh this long before Daraja's expiry, so a token never expires between check and use. */
export const TOKEN_REFRESH_MARGIN_MS = 60_000;

// expires_in is "3599" in some sources and 3599 in others.
const tokenReplySchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)]).pipe(z.number().int().positive()),
});

async function requestToken(transport: Transport, consumerKey: string, consumerSecret: string): Promise<{ token: string; expiresInMs: number }> {
  const basic = Buffer.from(`${consumerKey}:${consumerSecret}`, 'utf8').toString('base64');
  let json: unknown;
  try {
    json = await sendDarajaRequest(transport, {
      operation: 'OAuth',
      method: 'GET',
      path: '/oauth/v1/generate?grant_type=client_credentials',
      authorization: `Basic ${basic}`,
      idempotent: true,
    });
  } catch (error) {
    // A refused token request is always about the credentials (Daraja answers bad ones with a
    // 400 and sometimes no body), never worth retrying as it is.
    if (error instanceof DarajaError && (error.kind === 'rejected' || error.kind === 'unauthorized')) {
      throw new DarajaError(`${error.message}; check MPESA_CONSUMER_KEY and MPESA_CONSUMER_SECRET`, { ...error, kind: 'unauthorized', retryable: false }, { cause: error });
    }
    throw error;
  }
  const reply = tokenReplySchema.safeParse(json);
  if (!reply.success) throw new DarajaError('OAuth: Daraja answered without a usable access_token and expires_in', { kind: 'invalid_response', retryable: true });
  return { token: reply.data.access_token, expiresInMs: reply.data.expires_in * 1000 };
}

/**
 * The OAuth token, cached until a minute before it expires, with at most one request for a new
 * one in flight: callers arriving meanwhile share it. That matters beyond saving a round trip:
 * a new token invalidates the previous one, so parallel refreshes would knock each other out.
 * (Several processes sharing one Daraja app still do; the invalid-token retry covers that.)
 */
export class AccessTokenCache {
  private current: { token: string; refreshAtMs: number } | undefined;
  private refreshing: Promise<string> | undefined;

  constructor(
    private readonly transport: Transport,
    private readonly credentials: { consumerKey: string; consumerSecret: string },
    private readonly nowMs: () => number,
  ) {}

  get(): Promise<string> {
    if (this.current && this.nowMs() < this.current.refreshAtMs) return Promise.resolve(this.current.token);
    this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  /**
   * Forgets `token` after Daraja refused it. Only that token: a caller holding an old one must
   * not throw away the fresh token another caller has just fetched.
   */
  invalidate(token: string): void {
    if (this.current?.token === token) this.current = undefined;
  }

  private async refresh(): Promise<string> {
    const { token, expiresInMs } = await requestToken(this.transport, this.credentials.consumerKey, this.credentials.consumerSecret);
    this.current = { token, refreshAtMs: this.nowMs() + expiresInMs - TOKEN_REFRESH_MARGIN_MS };
    return token;
  }
}
