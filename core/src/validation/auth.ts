import { z } from 'zod';
import { accountEmailSchema } from './email.js';
import { validationMessages } from './messages.js';
import { newPasswordSchema, PASSWORD_MIN_LENGTH } from './password.js';

const m = validationMessages.password;

/**
 * Sign in only checks the shape (spec: "password inputs have minimum length 6"); the strength
 * rules apply to new passwords, and an old password that predates them must still work.
 */
export const signInSchema = z.object({
  email: accountEmailSchema,
  password: z.string({ error: m.tooShort }).min(PASSWORD_MIN_LENGTH, { error: m.tooShort }),
});

export type SignInInput = z.input<typeof signInSchema>;
export type SignInOutput = z.output<typeof signInSchema>;

export const signUpSchema = z.object({
  email: accountEmailSchema,
  password: newPasswordSchema,
});

export type SignUpInput = z.input<typeof signUpSchema>;
export type SignUpOutput = z.output<typeof signUpSchema>;
