import { err, ok, type Result } from '../../errors.js';
import type { Locale } from '../../i18n/locale.js';
import { parseOrFirstError } from '../../validation/first-error.js';
import { localeChoiceSchema } from '../../validation/locale-choice.js';
import type { AccountsDeps } from './accounts-deps.js';

/**
 * The signed-in user's language switch (decision 0066): the account's language, in which the
 * seller's texts and emails about their orders are written. `input` is `{ locale: 'en' | 'sw' }`;
 * anything else is VALIDATION_FAILED. Setting it again changes nothing.
 */
export async function setAccountLocale(deps: AccountsDeps, args: { userId: string; input: unknown }): Promise<Result<{ readonly locale: Locale }>> {
  if (typeof args?.userId !== 'string' || args.userId === '') return err('UNAUTHENTICATED');
  const parsed = parseOrFirstError(localeChoiceSchema, args.input);
  if (!parsed.ok) return err('VALIDATION_FAILED', { message: parsed.message });
  const { locale } = parsed.value;
  return deps.store.transaction(async (tx) => {
    const user = await tx.users.get(args.userId);
    if (!user) return err('UNAUTHENTICATED');
    if (user.locale !== locale) await tx.users.setLocale(user.id, locale);
    return ok({ locale });
  });
}
