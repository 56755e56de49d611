import type { SqlDialect } from '@escrow/db-kysely';
import { expect } from 'vitest';
import { openSellerWorld, type SellerWorld } from '../escrow-seller/seller-world.js';
import { lateServer } from '../helpers/late-server.js';
import { startOidcStub, type OidcStub } from '@escrow/test-kit/oidc-stub';

/**
 * A browser over real HTTP for the Google flow: it keeps the API's cookies (name -> value, as
 * Set-Cookie left them) and follows redirects one at a time, so a test can stop at any step.
 * The stub's pages need no cookies (it signs in whoever `stub.user` says).
 */
export class Browser {
  readonly cookies = new Map<string, string>();
  /** Every Set-Cookie line the API sent, in order. */
  readonly setCookies: string[] = [];

  constructor(private readonly api: string) {}

  async get(url: string): Promise<Response> {
    const toApi = new URL(url).origin === new URL(this.api).origin;
    const headers: Record<string, string> = {};
    if (toApi && this.cookies.size > 0) headers['cookie'] = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { redirect: 'manual', headers });
    if (toApi) {
      for (const line of response.headers.getSetCookie()) {
        this.setCookies.push(line);
        const [pair = ''] = line.split(';');
        const name = pair.slice(0, pair.indexOf('='));
        const value = pair.slice(pair.indexOf('=') + 1);
        if (/max-age=0/i.test(line) || value === '') this.cookies.delete(name);
        else this.cookies.set(name, value);
      }
    }
    return response;
  }

  /** GET a redirect and return where it points, absolute. */
  async redirectOf(url: string): Promise<string> {
    const response = await this.get(url);
    await response.body?.cancel();
    expect(response.status, `${url} should redirect`).toBe(302);
    return new URL(response.headers.get('location') ?? '', url).toString();
  }

  /** "Continue with Google": the API's start route; returns the provider's authorization URL. */
  start(): Promise<string> {
    return this.redirectOf(`${this.api}/api/auth/google`);
  }

  /** The provider's page: it redirects back at once; returns the callback URL. */
  authorize(authorizationUrl: string): Promise<string> {
    return this.redirectOf(authorizationUrl);
  }

  /** The API's callback; returns the page the browser lands on (path and query). */
  async finish(callbackUrl: string): Promise<string> {
    const landing = new URL(await this.redirectOf(callbackUrl));
    return `${landing.pathname}${landing.search}`;
  }

  async signInWithGoogle(): Promise<string> {
    return this.finish(await this.authorize(await this.start()));
  }

  async me(): Promise<{ status: number; body: { data?: Record<string, unknown>; error?: { code: string } } }> {
    const response = await this.get(`${this.api}/api/me`);
    return { status: response.status, body: (await response.json()) as { data?: Record<string, unknown> } };
  }

  get sessionToken(): string | undefined {
    return this.cookies.get('session');
  }
}

export interface GoogleWorld {
  readonly world: SellerWorld;
  readonly stub: OidcStub;
  /** The API's origin on its real port. */
  readonly api: string;
  browser(): Browser;
  /** Outbox emails to this address, oldest first. */
  emailsTo(address: string): Promise<{ subject: string; body: string }[]>;
  dispose(): Promise<void>;
}

/**
 * The API as production composes it (loadConfig + compose) with GOOGLE_* pointing at a local
 * OpenID Connect stub, served on a real port, on a fresh SQLite file or PostgreSQL schema.
 */
export async function openGoogleWorld(dialect: SqlDialect, env: NodeJS.ProcessEnv = {}): Promise<GoogleWorld> {
  const stub = await startOidcStub();
  const server = await lateServer();
  const world = await openSellerWorld(dialect, {
    env: { PUBLIC_BASE_URL: server.url, GOOGLE_CLIENT_ID: stub.clientId, GOOGLE_CLIENT_SECRET: stub.clientSecret, GOOGLE_OIDC_ISSUER: stub.issuer, GOOGLE_TIMEOUT_MS: '1000', ...env },
  });
  server.answerWith(world.app);
  const db = world.composed.database.db;
  return {
    world,
    stub,
    api: server.url,
    browser: () => new Browser(server.url),
    async emailsTo(address) {
      const rows = await db.selectFrom('outbox').select(['payload']).orderBy('seq').execute();
      return rows
        .map((row) => JSON.parse(row.payload) as { to: string; subject: string; body: string })
        .filter((p) => p.to === address)
        .map(({ subject, body }) => ({ subject, body }));
    },
    async dispose() {
      await server.close();
      await world.dispose();
      await stub.close();
    },
  };
}
