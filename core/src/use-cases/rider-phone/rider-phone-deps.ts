import type { SecretDigest } from '../../ports/accounts-crypto.js';
import type { EscrowDeps } from '../deps.js';

/** The escrow ports the rider phone use cases need, plus the digest that hashes codes and proof tokens. */
export interface RiderPhoneDeps extends Pick<EscrowDeps, 'store' | 'clock' | 'random'> {
  readonly digest: SecretDigest;
}

// The row id salts a code's hash, so equal codes of two requests never share a stored value.
export const riderPhoneCodeHash = (deps: Pick<RiderPhoneDeps, 'digest'>, id: string, code: string): string => deps.digest.sha256Hex(`rider-phone-code:${id}:${code}`);

/** Proof tokens carry 256 random bits: a plain hash is enough, and it is what is looked up. */
export const riderPhoneProofHash = (deps: Pick<RiderPhoneDeps, 'digest'>, token: string): string => deps.digest.sha256Hex(`rider-phone-proof:${token}`);
