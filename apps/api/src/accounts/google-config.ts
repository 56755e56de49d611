import { z } from 'zod';

/** Sign in with Google (decision 0060), as the environment configures it. */
export interface GoogleSignInSettings {
  readonly clientId: string;
  readonly clientSecret: string;
  /** Where Google sends the browser back: this API's /api/auth/google/callback, registered in Google's console as it is written here. */
  readonly redirectUri: string;
  /** The OpenID Connect issuer whose discovery document names the endpoints and keys (Google's, or a stub in tests). */
  readonly issuer: string;
  /** The longest any call to the provider (discovery, token, keys) may take. */
  readonly timeoutMs: number;
}

export const GOOGLE_ISSUER = 'https://accounts.google.com';
export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';
const DEFAULT_TIMEOUT_MS = 10_000;

const blankToUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' });

const googleEnvSchema = z.object({
  GOOGLE_CLIENT_ID: optional(z.string().regex(/^\S{1,255}$/, 'must be the OAuth client ID from Google Cloud console (no spaces)')),
  GOOGLE_CLIENT_SECRET: optional(z.string().regex(/^\S{1,255}$/, 'must be the OAuth client secret (no spaces)')),
  GOOGLE_REDIRECT_URI: optional(httpUrl),
  GOOGLE_OIDC_ISSUER: optional(httpUrl.transform((url) => url.replace(/\/+$/, ''))),
  GOOGLE_TIMEOUT_MS: optional(z.coerce.number().int().min(100).max(60_000)),
});

/**
 * Google sign-in is on when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are both set; otherwise
 * its routes are not mounted and /auth shows no button. GOOGLE_REDIRECT_URI defaults to
 * `<PUBLIC_BASE_URL or the local link base>/api/auth/google/callback`. In production the
 * redirect and the issuer must be https. Returns the problems instead of throwing, for loadConfig.
 */
export function googleSignInFromEnv(env: NodeJS.ProcessEnv, context: { linkBase?: string | undefined; production: boolean }): { google?: GoogleSignInSettings; problems: string[] } {
  const parsed = googleEnvSchema.safeParse(env);
  if (!parsed.success) return { problems: parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) };
  const v = parsed.data;
  if (!v.GOOGLE_CLIENT_ID && !v.GOOGLE_CLIENT_SECRET) {
    const stray = (['GOOGLE_REDIRECT_URI', 'GOOGLE_OIDC_ISSUER', 'GOOGLE_TIMEOUT_MS'] as const).filter((name) => v[name] !== undefined);
    // Someone meant to turn Google on: saying nothing would leave the button silently missing.
    return { problems: stray.length > 0 ? [`${stray.join(', ')}: set without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, which turn Google sign-in on`] : [] };
  }
  if (!v.GOOGLE_CLIENT_ID || !v.GOOGLE_CLIENT_SECRET) return { problems: ['GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both (Google sign-in) or neither'] };
  const redirectUri = v.GOOGLE_REDIRECT_URI ?? (context.linkBase ? `${context.linkBase}${GOOGLE_CALLBACK_PATH}` : undefined);
  if (!redirectUri) return { problems: [`GOOGLE_REDIRECT_URI: required when PUBLIC_BASE_URL is not set and PORT is 0 (the address Google sends the browser back to, ending in ${GOOGLE_CALLBACK_PATH})`] };
  const issuer = v.GOOGLE_OIDC_ISSUER ?? GOOGLE_ISSUER;
  const problems: string[] = [];
  if (context.production && !redirectUri.startsWith('https://')) problems.push(`GOOGLE_REDIRECT_URI: must be https with NODE_ENV=production (now ${redirectUri}; set PUBLIC_BASE_URL=https://... or GOOGLE_REDIRECT_URI)`);
  if (context.production && !issuer.startsWith('https://')) problems.push('GOOGLE_OIDC_ISSUER: must be https with NODE_ENV=production');
  if (problems.length > 0) return { problems };
  return { google: { clientId: v.GOOGLE_CLIENT_ID, clientSecret: v.GOOGLE_CLIENT_SECRET, redirectUri, issuer, timeoutMs: v.GOOGLE_TIMEOUT_MS ?? DEFAULT_TIMEOUT_MS }, problems: [] };
}
