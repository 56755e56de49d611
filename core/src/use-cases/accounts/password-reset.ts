import type { Locale } from '../../i18n/locale.js';
import { textsFor } from '../../messages/recipient-texts.js';
import type { ResetCodeRecord } from '../../accounts/account-records.js';
import { generateResetCode, judgeResetCode, RESET_CODE_MAX_ATTEMPTS, RESET_CODE_TTL_MS } from '../../accounts/reset-code-policy.js';
import { constantTimeEqual } from '../../codes/constant-time.js';
import { err, ok, type Result } from '../../errors.js';
import type { AccountsTx } from '../../ports/accounts-store.js';
import { parseOrFirstError } from '../../validation/first-error.js';
import { requestResetCodeSchema, resetPasswordSchema, verifyResetCodeSchema } from '../../validation/reset-code.js';
import type { AccountsDeps } from './accounts-deps.js';
import { enqueueNotification } from '../enqueue-notification.js';

// The row id salts the hash, so equal codes of two requests never share a stored value.
const codeHash = (deps: Pick<AccountsDeps, 'digest'>, id: string, code: string): string => deps.digest.sha256Hex(`reset-code:${id}:${code}`);

/**
 * "Forgot password": emails a fresh 6-digit code to the address, if it has an account. The
 * answer is the same either way, and so is the work done (a code row is written for any
 * address; only the email depends on the account), so neither the response nor its timing
 * tells whether an account exists. A new code replaces any earlier unused one. The email is in
 * the language of the request (`locale`: the page that asked), else the account's (decision 0066).
 */
export async function requestPasswordReset(deps: AccountsDeps, args: { input: unknown; locale?: Locale }): Promise<Result<{ readonly sent: true }>> {
  const parsed = parseOrFirstError(requestResetCodeSchema, args?.input);
  if (!parsed.ok) return err('VALIDATION_FAILED', { message: parsed.message });
  const { email } = parsed.value;
  const now = deps.clock.now();
  const id = deps.random.uuid();
  const code = generateResetCode(deps.random);
  const record: ResetCodeRecord = {
    id,
    email,
    codeHash: codeHash(deps, id, code),
    used: false,
    attempts: 0,
    expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MS),
    createdAt: now,
  };
  await deps.store.transaction(async (tx) => {
    const user = await tx.users.findByEmail(email);
    await tx.resetCodes.supersedeAll(email);
    await tx.resetCodes.insert(record);
    if (user) await enqueueNotification(deps, tx, textsFor(args.locale ?? user.locale).accountEmails.resetCode(user.email, code), now);
  });
  return ok({ sent: true });
}

type CodeCheck = { ok: true; record: ResetCodeRecord } | { ok: false; error: ReturnType<typeof err> };

/**
 * Checks a code against the newest unused code of the email, inside `tx` (the row is locked,
 * so parallel guesses are counted one by one). A wrong code is counted in this transaction,
 * which commits: the count survives although the call fails.
 */
async function checkCode(deps: Pick<AccountsDeps, 'digest'>, tx: AccountsTx, email: string, code: string, now: Date): Promise<CodeCheck> {
  const record = await tx.resetCodes.latestUnusedForUpdate(email);
  if (!record) return { ok: false, error: err('INVALID_RESET_CODE') };
  const matches = constantTimeEqual(codeHash(deps, record.id, code), record.codeHash);
  switch (judgeResetCode(record, matches, now)) {
    case 'locked':
      return { ok: false, error: err('RESET_CODE_LOCKED') };
    case 'wrong': {
      const attempts = await tx.resetCodes.recordWrongAttempt(record.id);
      return { ok: false, error: err('INVALID_RESET_CODE', { attemptsLeft: Math.max(0, RESET_CODE_MAX_ATTEMPTS - attempts) }) };
    }
    case 'expired':
      return { ok: false, error: err('RESET_CODE_EXPIRED') };
    case 'valid':
      return { ok: true, record };
  }
}

/** /verify-reset-code: says whether the code would reset the password; it stays unused. */
export async function verifyResetCode(deps: AccountsDeps, args: { input: unknown }): Promise<Result<{ readonly verified: true }>> {
  const parsed = parseOrFirstError(verifyResetCodeSchema, args?.input);
  if (!parsed.ok) return err('VALIDATION_FAILED', { message: parsed.message });
  const { email, code } = parsed.value;
  const now = deps.clock.now();
  const check = await deps.store.transaction((tx) => checkCode(deps, tx, email, code, now));
  return check.ok ? ok({ verified: true }) : check.error;
}

/**
 * /reset-password: the code is checked again, marked used, the new password set and every
 * session of the account ended, all in one transaction; the owner is told by email. The new
 * password is hashed between a first check and that transaction, so a wrong code never costs
 * a hash and no lock is held while hashing.
 */
export async function resetPassword(deps: AccountsDeps, args: { input: unknown; locale?: Locale }): Promise<Result<{ readonly email: string }>> {
  const parsed = parseOrFirstError(resetPasswordSchema, args?.input);
  if (!parsed.ok) return err('VALIDATION_FAILED', { message: parsed.message });
  const { email, code, password } = parsed.value;

  const first = await deps.store.transaction((tx) => checkCode(deps, tx, email, code, deps.clock.now()));
  if (!first.ok) return first.error;
  const passwordHash = await deps.passwords.hash(password);

  const now = deps.clock.now();
  return deps.store.transaction(async (tx) => {
    const check = await checkCode(deps, tx, email, code, now);
    if (!check.ok) return check.error;
    // Another request may have used the code meanwhile; only one of them gets here.
    if (check.record.id !== first.record.id || !(await tx.resetCodes.markUsed(check.record.id))) return err('INVALID_RESET_CODE');
    const user = await tx.users.findByEmail(email);
    if (!user) return err('INVALID_RESET_CODE');
    await tx.users.setPasswordHash(user.id, passwordHash);
    // The code came by email: whoever set this password holds the address (decision 0060's linking rule reads it).
    await tx.users.markEmailVerified(user.id, now);
    await tx.sessions.deleteAllForUser(user.id);
    await enqueueNotification(deps, tx, textsFor(args.locale ?? user.locale).accountEmails.passwordChanged(user.email), now);
    return ok({ email: user.email });
  });
}
