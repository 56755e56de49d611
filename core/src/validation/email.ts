import { z } from 'zod';
import { validationMessages } from './messages.js';

const EMAIL_MAX_LENGTH = 255;

/**
 * A required email field, trimmed and checked. `lowercase` is for sign-in identities (the
 * spec's reset-code check lower-cases the email); the contact form keeps what was typed.
 */
export function emailField(options: { required: string; lowercase: boolean }) {
  const trimmed = z
    .string({ error: options.required })
    .trim()
    .min(1, { error: options.required })
    .max(EMAIL_MAX_LENGTH, { error: validationMessages.email.tooLong });
  const normalized = options.lowercase ? trimmed.toLowerCase() : trimmed;
  return normalized.pipe(z.email({ error: validationMessages.email.invalid }));
}

/** The account email used to sign in, sign up and reset a password. */
export const accountEmailSchema = emailField({ required: validationMessages.email.required, lowercase: true });

export type AccountEmailInput = z.input<typeof accountEmailSchema>;
export type AccountEmailOutput = z.output<typeof accountEmailSchema>;
