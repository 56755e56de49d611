import { z } from 'zod';
import { validationMessages } from './messages.js';
import { SIX_DIGIT_CODE_PATTERN } from '../rules/codes.js';
import { kenyanPhoneField } from './phone.js';

const riderPhoneField = kenyanPhoneField({ required: validationMessages.rider.phoneRequired, invalid: validationMessages.phone.invalid });

/** A rider asks for a code by SMS to prove the phone (the rider page's phone step). */
export const riderPhoneCodeRequestSchema = z.object({ phone: riderPhoneField });

export type RiderPhoneCodeRequestInput = z.input<typeof riderPhoneCodeRequestSchema>;
export type RiderPhoneCodeRequestOutput = z.output<typeof riderPhoneCodeRequestSchema>;

/** The code from the SMS: exactly 6 digits after trimming (leading zeros allowed). */
export const riderPhoneCodeSchema = z
  .string({ error: validationMessages.rider.phoneCodeInvalid })
  .trim()
  .regex(SIX_DIGIT_CODE_PATTERN, { error: validationMessages.rider.phoneCodeInvalid });

/** The code step: the phone again (the code is checked against that phone's newest code) and the code. */
export const riderPhoneCodeCheckSchema = z.object({ phone: riderPhoneField, code: riderPhoneCodeSchema });

export type RiderPhoneCodeCheckInput = z.input<typeof riderPhoneCodeCheckSchema>;
export type RiderPhoneCodeCheckOutput = z.output<typeof riderPhoneCodeCheckSchema>;
