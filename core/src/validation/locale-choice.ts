import { z } from 'zod';
import { validationMessages } from './messages.js';

/**
 * The languages a recipient's texts may be in (decision 0066): the i18n module's LOCALES, kept
 * here too because this entry imports only zod and its own folder (a core test holds the two equal).
 */
export const MESSAGE_LOCALES = ['en', 'sw'] as const;

/**
 * A page's language switch telling the server which language its user reads (the buyer's,
 * rider's and seller's pages): `{ "locale": "en" | "sw" }`, nothing else trusted.
 */
export const localeChoiceSchema = z.object({
  locale: z.enum(MESSAGE_LOCALES, { error: validationMessages.locale.invalid }),
});

export type LocaleChoice = z.output<typeof localeChoiceSchema>;
