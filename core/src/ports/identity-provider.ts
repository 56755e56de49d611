import type { OAuthProvider, VerifiedIdentity } from '../accounts/oauth-sign-in-policy.js';

/** A provider's answer: the value, or why not ('unavailable': down, slow or erroring; 'rejected': what came back failed a check). */
export type ProviderAnswer<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly failure: 'unavailable' | 'rejected'; readonly detail: string };

/**
 * An OpenID Connect provider (Google) seen from the core: where to send the browser, and who
 * came back. Every call to the provider is bounded by a timeout in the adapter.
 */
export interface IdentityProvider {
  readonly provider: OAuthProvider;
  /** The authorization URL for this state, PKCE verifier (S256) and nonce. */
  authorizationUrl(args: { state: string; codeVerifier: string; nonce: string }): Promise<ProviderAnswer<string>>;
  /**
   * Exchanges the code (with the verifier) and checks the ID token: signature against the
   * provider's published keys, issuer, audience, expiry and that its nonce is `nonce`.
   */
  verifiedIdentity(args: { code: string; codeVerifier: string; nonce: string }): Promise<ProviderAnswer<VerifiedIdentity>>;
}
