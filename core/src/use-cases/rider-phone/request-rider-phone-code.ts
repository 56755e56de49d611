import { generateSixDigitCode } from '../../codes/one-time-code.js';
import { err, ok, type Result } from '../../errors.js';
import type { ChangeOptions } from '../../ports/idempotency-store.js';
import type { Locale } from '../../i18n/locale.js';
import { RIDER_PHONE_CODE_TTL_MS, riderPhoneCodeSms, riderPhoneCodeSmsSw } from '../../riders/rider-phone-policy.js';
import type { RiderPhoneCode } from '../../riders/rider-phone-records.js';
import { parseOrFirstError } from '../../validation/first-error.js';
import { riderPhoneCodeRequestSchema } from '../../validation/rider-phone-code.js';
import { riderPhoneCodeHash, type RiderPhoneDeps } from './rider-phone-deps.js';

export interface RiderPhoneCodeRequested {
  /** The phone as it is stored (E.164). */
  readonly phone: string;
  readonly expiresAt: Date;
}

/**
 * The rider page's phone step: a fresh 6-digit code for the phone, valid 10 minutes, sent by
 * SMS through the outbox, in one transaction. The answer is the same whether or not a seller
 * lists the phone, and so is the work done (a code row is written for any phone, replacing its
 * earlier unused codes); only the SMS depends on the list, so nobody can use this to learn who
 * is listed, nor to send texts to numbers no seller gave us. Rate limits are the caller's (per
 * phone and per address, before this runs). The SMS is in the language of the page that asked
 * (`locale`, the request's: decision 0066).
 */
export async function requestRiderPhoneCode(deps: RiderPhoneDeps, args: { input: unknown; locale?: Locale }, options: ChangeOptions<Result<RiderPhoneCodeRequested>> = {}): Promise<Result<RiderPhoneCodeRequested>> {
  const parsed = parseOrFirstError(riderPhoneCodeRequestSchema, args?.input);
  if (!parsed.ok) return err('VALIDATION_FAILED', { message: parsed.message });
  const { phone } = parsed.value;
  const now = deps.clock.now();
  const id = deps.random.uuid();
  const code = generateSixDigitCode(deps.random);
  const record: RiderPhoneCode = {
    id,
    phone,
    codeHash: riderPhoneCodeHash(deps, id, code),
    used: false,
    attempts: 0,
    expiresAt: new Date(now.getTime() + RIDER_PHONE_CODE_TTL_MS),
    createdAt: now,
  };
  return deps.store.transaction(async (tx): Promise<Result<RiderPhoneCodeRequested>> => {
    const listed = await tx.riders.isListedAnywhere(phone);
    await tx.riderPhoneCodes.supersedeAll(phone);
    await tx.riderPhoneCodes.insert(record);
    if (listed) {
      await tx.outbox.enqueue({
        id: deps.random.uuid(),
        topic: 'notification',
        payload: { ...(args.locale === 'sw' ? riderPhoneCodeSmsSw : riderPhoneCodeSms)(phone, code) },
        createdAt: now,
        attempts: 0,
        nextAttemptAt: now,
        deliveredAt: null,
        lastError: null,
      });
    }
    return ok({ phone, expiresAt: record.expiresAt });
  }, options);
}
