import { judgeOneTimeCode } from '../../codes/one-time-code.js';
import { constantTimeEqual } from '../../codes/constant-time.js';
import { err, ok, type Result } from '../../errors.js';
import { RIDER_PHONE_CODE_MAX_ATTEMPTS, RIDER_PHONE_PROOF_BYTES, RIDER_PHONE_PROOF_TTL_MS } from '../../riders/rider-phone-policy.js';
import { parseOrFirstError } from '../../validation/first-error.js';
import { riderPhoneCodeCheckSchema } from '../../validation/rider-phone-code.js';
import { riderPhoneCodeHash, riderPhoneProofHash, type RiderPhoneDeps } from './rider-phone-deps.js';

export interface ProvenRiderPhone {
  /** E.164. */
  readonly phone: string;
  /** The proof for the browser (an HttpOnly cookie): shown once, stored only hashed. */
  readonly token: string;
  readonly expiresAt: Date;
}

/**
 * The code step: checks the code against the phone's newest unused code, in one transaction
 * with the row locked (parallel guesses are counted one by one), in the order password reset
 * codes are checked (decision 0016): 5 wrong entries already -> locked, whatever was typed; not
 * matching (constant-time) -> counted, invalid, with the tries left; matching but past its 10
 * minutes -> expired. A right code is spent and gives a proof of the phone, valid 30 days. A
 * wrong entry is written although the call fails (the transaction returns, it does not throw).
 */
export async function verifyRiderPhoneCode(deps: RiderPhoneDeps, args: { input: unknown }): Promise<Result<ProvenRiderPhone>> {
  const parsed = parseOrFirstError(riderPhoneCodeCheckSchema, args?.input);
  if (!parsed.ok) return err('VALIDATION_FAILED', { message: parsed.message });
  const { phone, code } = parsed.value;
  const now = deps.clock.now();
  return deps.store.transaction(async (tx): Promise<Result<ProvenRiderPhone>> => {
    const record = await tx.riderPhoneCodes.latestUnusedForUpdate(phone);
    if (!record) return err('INVALID_RIDER_CODE');
    const matches = constantTimeEqual(riderPhoneCodeHash(deps, record.id, code), record.codeHash);
    switch (judgeOneTimeCode(record, matches, now, RIDER_PHONE_CODE_MAX_ATTEMPTS)) {
      case 'locked':
        return err('RIDER_CODE_LOCKED');
      case 'wrong': {
        const attempts = await tx.riderPhoneCodes.recordWrongAttempt(record.id);
        return err('INVALID_RIDER_CODE', { attemptsLeft: Math.max(0, RIDER_PHONE_CODE_MAX_ATTEMPTS - attempts) });
      }
      case 'expired':
        return err('RIDER_CODE_EXPIRED');
      case 'valid':
        break;
    }
    // Of two requests with the right code, one gets here.
    if (!(await tx.riderPhoneCodes.markUsed(record.id))) return err('INVALID_RIDER_CODE');
    const token = deps.random.token(RIDER_PHONE_PROOF_BYTES);
    const expiresAt = new Date(now.getTime() + RIDER_PHONE_PROOF_TTL_MS);
    await tx.riderPhoneProofs.insert({ tokenHash: riderPhoneProofHash(deps, token), phone, createdAt: now, expiresAt });
    return ok({ phone, token, expiresAt });
  });
}
