import { createHash, generateKeyPairSync, randomBytes, sign, type JsonWebKey, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** The Google account the next authorization signs in as (what the person picks on Google's page). */
export interface StubUser {
  readonly sub: string;
  readonly email: string;
  /** Written into the ID token as given: true, false, a string, or left out (undefined). */
  readonly email_verified?: unknown;
}

/** Ways the stub misbehaves, set by a test before the flow and reset by `reset()`. */
export interface StubFaults {
  /** The person presses Cancel on the consent page: the redirect carries error=access_denied. */
  deny?: boolean;
  /** The ID token's claims are changed after the right ones are set. */
  claims?: Record<string, unknown>;
  /** The ID token is signed with a key the JWKS does not hold (under the same kid). */
  forgedSignature?: boolean;
  /** The token endpoint never answers (a provider that hangs). */
  hangTokenEndpoint?: boolean;
  /** The discovery document answers 503 (a provider that is down). */
  discoveryDown?: boolean;
}

export interface TokenRequestSeen {
  readonly form: Record<string, string>;
}

export interface OidcStub {
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Who the next authorization signs in as. */
  user: StubUser;
  faults: StubFaults;
  /** The query of every authorization request, and the form of every token request. */
  readonly authorizations: URLSearchParams[];
  readonly tokenRequests: TokenRequestSeen[];
  /** Unix seconds the stub writes as iat (and exp from it); a test whose API runs on a fixed clock sets it. */
  now: () => number;
  reset(): void;
  close(): Promise<void>;
}

interface IssuedCode {
  readonly challenge: string;
  readonly redirectUri: string;
  readonly nonce: string;
  readonly user: StubUser;
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

/** A compact JWS signed RS256 (RSASSA-PKCS1-v1_5 with SHA-256), as Google signs its ID tokens. */
function signRs256(header: Record<string, unknown>, claims: Record<string, unknown>, key: KeyObject): string {
  const part = (value: Record<string, unknown>) => Buffer.from(JSON.stringify(value), 'utf8').toString('base64url');
  const input = `${part(header)}.${part(claims)}`;
  return `${input}.${sign('sha256', Buffer.from(input, 'ascii'), key).toString('base64url')}`;
}

async function formOf(req: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
}

/**
 * A small OpenID Connect provider on a real port, standing in for Google in the API tests and the
 * browser test: discovery, the authorization endpoint (which redirects straight back, as Google
 * does once the person picks an account), a token endpoint that checks the client secret, the
 * redirect URI and PKCE (S256) and issues an RS256 ID token (signed with node:crypto, so the kit
 * needs no JOSE library; the API verifies it with jose), and the JWKS. Codes work once.
 */
export async function startOidcStub(options: { clientId?: string; clientSecret?: string } = {}): Promise<OidcStub> {
  const clientId = options.clientId ?? 'escrow-test.apps.googleusercontent.com';
  const clientSecret = options.clientSecret ?? 'stub-secret';
  const kid = 'stub-key-1';
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const forger = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk: JsonWebKey = { ...publicKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' };
  const codes = new Map<string, IssuedCode>();
  const sockets = new Set<Socket>();
  let issuer = '';

  const stub: OidcStub = {
    get issuer() {
      return issuer;
    },
    clientId,
    clientSecret,
    user: { sub: '1', email: 'someone@example.com', email_verified: true },
    faults: {},
    authorizations: [],
    tokenRequests: [],
    now: () => Math.floor(Date.now() / 1000),
    reset() {
      stub.faults = {};
      stub.authorizations.length = 0;
      stub.tokenRequests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };

  function idToken(code: IssuedCode): string {
    const iat = stub.now();
    const claims: Record<string, unknown> = { iss: issuer, aud: clientId, azp: clientId, sub: code.user.sub, email: code.user.email, nonce: code.nonce, iat, exp: iat + 3_600 };
    if (code.user.email_verified !== undefined) claims['email_verified'] = code.user.email_verified;
    Object.assign(claims, stub.faults.claims);
    for (const [key, value] of Object.entries(claims)) if (value === undefined) delete claims[key];
    const key = stub.faults.forgedSignature ? forger.privateKey : privateKey;
    return signRs256({ alg: 'RS256', kid, typ: 'JWT' }, claims, key);
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', issuer);
      if (req.method === 'GET' && url.pathname === '/.well-known/openid-configuration') {
        if (stub.faults.discoveryDown) return json(res, 503, { error: 'unavailable' });
        return json(res, 200, {
          issuer,
          authorization_endpoint: `${issuer}/o/oauth2/v2/auth`,
          token_endpoint: `${issuer}/token`,
          jwks_uri: `${issuer}/oauth2/v3/certs`,
          response_types_supported: ['code'],
          subject_types_supported: ['public'],
          id_token_signing_alg_values_supported: ['RS256'],
          code_challenge_methods_supported: ['plain', 'S256'],
        });
      }
      if (req.method === 'GET' && url.pathname === '/oauth2/v3/certs') return json(res, 200, { keys: [jwk] });
      if (req.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') {
        const q = url.searchParams;
        stub.authorizations.push(q);
        const redirectUri = q.get('redirect_uri') ?? '';
        const back = new URL(redirectUri);
        back.searchParams.set('state', q.get('state') ?? '');
        if (q.get('client_id') !== clientId || q.get('response_type') !== 'code' || q.get('code_challenge_method') !== 'S256' || !q.get('code_challenge') || !q.get('nonce')) {
          back.searchParams.set('error', 'invalid_request');
        } else if (stub.faults.deny) {
          back.searchParams.set('error', 'access_denied');
        } else {
          const code = randomBytes(16).toString('base64url');
          codes.set(code, { challenge: q.get('code_challenge') ?? '', redirectUri, nonce: q.get('nonce') ?? '', user: stub.user });
          back.searchParams.set('code', code);
        }
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (req.method === 'POST' && url.pathname === '/token') {
        const form = await formOf(req);
        stub.tokenRequests.push({ form });
        if (stub.faults.hangTokenEndpoint) return; // never answers; close() destroys the socket
        if (form['client_id'] !== clientId || form['client_secret'] !== clientSecret) return json(res, 401, { error: 'invalid_client' });
        const issued = codes.get(form['code'] ?? '');
        codes.delete(form['code'] ?? '');
        const challenge = createHash('sha256').update(form['code_verifier'] ?? '').digest('base64url');
        if (!issued || form['grant_type'] !== 'authorization_code' || issued.redirectUri !== form['redirect_uri'] || issued.challenge !== challenge) {
          return json(res, 400, { error: 'invalid_grant' });
        }
        return json(res, 200, { access_token: 'stub-access-token', token_type: 'Bearer', expires_in: 3599, scope: 'openid email', id_token: idToken(issued) });
      }
      return json(res, 404, { error: 'not_found' });
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  server.on('connection', (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stub;
}
