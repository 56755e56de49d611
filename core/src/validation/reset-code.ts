import { z } from 'zod';
import { accountEmailSchema } from './email.js';
import { validationMessages } from './messages.js';
import { newPasswordSchema, requireMatchingPasswords } from './password.js';
import { SIX_DIGIT_CODE_PATTERN } from '../rules/codes.js';

/** A password-reset code: exactly 6 digits after trimming (leading zeros allowed). */
export const resetCodeSchema = z
  .string({ error: validationMessages.resetCode.invalid })
  .trim()
  .regex(SIX_DIGIT_CODE_PATTERN, { error: validationMessages.resetCode.invalid });

export type ResetCodeInput = z.input<typeof resetCodeSchema>;
export type ResetCodeOutput = z.output<typeof resetCodeSchema>;

/** "Forgot password": ask for a code by email. */
export const requestResetCodeSchema = z.object({ email: accountEmailSchema });

export type RequestResetCodeInput = z.input<typeof requestResetCodeSchema>;
export type RequestResetCodeOutput = z.output<typeof requestResetCodeSchema>;

/** /verify-reset-code: the spec's check lower-cases and trims the email and trims the code. */
export const verifyResetCodeSchema = z.object({
  email: accountEmailSchema,
  code: resetCodeSchema,
});

export type VerifyResetCodeInput = z.input<typeof verifyResetCodeSchema>;
export type VerifyResetCodeOutput = z.output<typeof verifyResetCodeSchema>;

/** /reset-password: email and code come from the link, the two passwords from the form. */
export const resetPasswordSchema = requireMatchingPasswords(
  z.object({
    email: accountEmailSchema,
    code: resetCodeSchema,
    password: newPasswordSchema,
    confirmPassword: z.string({ error: validationMessages.password.mismatch }),
  }),
  { password: 'password', confirmation: 'confirmPassword', message: validationMessages.password.mismatch },
);

export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;
export type ResetPasswordOutput = z.output<typeof resetPasswordSchema>;
