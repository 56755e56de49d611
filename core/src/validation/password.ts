import { z } from 'zod';
import { whenFieldsValid } from './fields.js';
import { validationMessages } from './messages.js';
import { isStorableText } from './storable-text.js';

const m = validationMessages.password;

export const PASSWORD_MIN_LENGTH = 6;
// Not in the spec: an upper bound keeps password hashing cheap for hostile input.
export const PASSWORD_MAX_LENGTH = 128;

// Letters and digits of any script count, so "É" is an uppercase letter and "١" a number;
// a special character is anything that is neither (nor a space).
const UPPERCASE = /\p{Lu}/u;
const NUMBER = /\p{Nd}/u;
const SPECIAL_CHARACTER = /[^\p{L}\p{N}\s]/u;

/**
 * A new password (sign-up, reset, change). The checks run in the spec's order and zod keeps
 * their issues in that order, so the first issue is the spec's "first failing message".
 * Passwords are never trimmed: a space is a character the user chose. Only its hash is
 * stored, but a NUL or half a surrogate pair is refused like in every other field: neither
 * can be typed, and half a pair is hashed as U+FFFD, so two different passwords would match.
 */
export const newPasswordSchema = z
  .string({ error: m.tooShort })
  .min(PASSWORD_MIN_LENGTH, { error: m.tooShort })
  .regex(UPPERCASE, { error: m.missingUppercase })
  .regex(NUMBER, { error: m.missingNumber })
  .regex(SPECIAL_CHARACTER, { error: m.missingSpecialCharacter })
  .max(PASSWORD_MAX_LENGTH, { error: m.tooLong })
  .refine(isStorableText, { error: m.invalidCharacter });

export type NewPasswordInput = z.input<typeof newPasswordSchema>;
export type NewPasswordOutput = z.output<typeof newPasswordSchema>;

/**
 * Adds "confirmation must equal password" to an object schema; the issue is reported on the
 * confirmation field. It runs as soon as the confirmation itself parsed, even while the
 * password still breaks a rule, so a form can show both problems at once.
 */
export function requireMatchingPasswords<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  fields: { password: string; confirmation: string; message: string },
): S {
  return schema.superRefine(
    (value, ctx) => {
      const password = value[fields.password];
      const confirmation = value[fields.confirmation];
      if (typeof password === 'string' && password !== confirmation) {
        ctx.addIssue({ code: 'custom', message: fields.message, path: [fields.confirmation] });
      }
    },
    { when: whenFieldsValid(fields.confirmation) },
  );
}

/** Password + confirmation, as on the reset-password page ('Passwords do not match'). */
export const setPasswordSchema = requireMatchingPasswords(
  z.object({ password: newPasswordSchema, confirmPassword: z.string({ error: m.mismatch }) }),
  { password: 'password', confirmation: 'confirmPassword', message: m.mismatch },
);

export type SetPasswordInput = z.input<typeof setPasswordSchema>;
export type SetPasswordOutput = z.output<typeof setPasswordSchema>;

// The change-password button stays disabled until all three fields are filled (spec
// section 5); the server still needs a message for a request that skips that.
const filledPassword = z
  .string({ error: m.changeFieldsRequired })
  .min(1, { error: m.changeFieldsRequired });

/** The Security section's Change Password dialog. */
export const changePasswordSchema = requireMatchingPasswords(
  z.object({
    currentPassword: filledPassword,
    newPassword: filledPassword.pipe(newPasswordSchema),
    confirmPassword: filledPassword,
  }),
  { password: 'newPassword', confirmation: 'confirmPassword', message: m.changeMismatch },
);

export type ChangePasswordInput = z.input<typeof changePasswordSchema>;
export type ChangePasswordOutput = z.output<typeof changePasswordSchema>;
