import { err, ok, type Result } from '../../errors.js';
import type { Actor } from '../../orders/actor.js';
import { normalizeKenyanPhone } from '../../validation/phone.js';
import { riderPhoneProofHash, type RiderPhoneDeps } from './rider-phone-deps.js';

/** Proof tokens are 43 URL-safe characters; anything much longer cannot be one. */
const MAX_TOKEN_LENGTH = 100;

const usableToken = (token: unknown): token is string => typeof token === 'string' && token.length > 0 && token.length <= MAX_TOKEN_LENGTH;

/**
 * Turns a browser's proof (the token from its cookie) and the phone it asks as into a rider
 * whose phone is proven, or RIDER_PHONE_NOT_VERIFIED: no proof, an unknown, expired or revoked
 * one, or a proof of another phone (a proof of phone A never speaks for phone B).
 */
export async function resolveRiderPhoneProof(deps: Pick<RiderPhoneDeps, 'store' | 'clock' | 'digest'>, args: { token: string | undefined; phone: string }): Promise<Result<Extract<Actor, { kind: 'rider' }>>> {
  const phone = normalizeKenyanPhone(args?.phone);
  if (phone === null || !usableToken(args.token)) return err('RIDER_PHONE_NOT_VERIFIED');
  const tokenHash = riderPhoneProofHash(deps, args.token);
  const proof = await deps.store.read((tx) => tx.riderPhoneProofs.findByTokenHash(tokenHash));
  if (!proof || proof.phone !== phone || proof.expiresAt.getTime() <= deps.clock.now().getTime()) return err('RIDER_PHONE_NOT_VERIFIED');
  return ok({ kind: 'rider', phone, phoneProven: true });
}

/**
 * Which phone this browser has proved, if any (the rider page asks before it asks for jobs, so
 * a rider without a proof is shown the code step, not a refusal): null for no proof, an unknown,
 * expired or revoked one.
 */
export async function phoneOfRiderProof(deps: Pick<RiderPhoneDeps, 'store' | 'clock' | 'digest'>, args: { token: string | undefined }): Promise<Result<{ readonly phone: string | null }>> {
  if (!usableToken(args?.token)) return ok({ phone: null });
  const tokenHash = riderPhoneProofHash(deps, args.token);
  const proof = await deps.store.read((tx) => tx.riderPhoneProofs.findByTokenHash(tokenHash));
  return ok({ phone: proof && proof.expiresAt.getTime() > deps.clock.now().getTime() ? proof.phone : null });
}

/** "Not my phone" / a new proof replacing an old one: the proof stops working at once, everywhere. */
export async function revokeRiderPhoneProof(deps: Pick<RiderPhoneDeps, 'store' | 'digest'>, args: { token: string | undefined }): Promise<Result<{ readonly revoked: boolean }>> {
  if (!usableToken(args?.token)) return ok({ revoked: false });
  const tokenHash = riderPhoneProofHash(deps, args.token);
  return ok({ revoked: await deps.store.transaction((tx) => tx.riderPhoneProofs.delete(tokenHash)) });
}

/** Expired codes and proofs go (the API's hourly sweep); a used code is kept only until its 10 minutes end. */
export async function purgeExpiredRiderPhoneRows(deps: Pick<RiderPhoneDeps, 'store'>, now: Date): Promise<{ readonly codes: number; readonly proofs: number }> {
  return deps.store.transaction(async (tx) => ({ codes: await tx.riderPhoneCodes.deleteExpired(now), proofs: await tx.riderPhoneProofs.deleteExpired(now) }));
}
