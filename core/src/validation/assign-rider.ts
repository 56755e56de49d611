import { z } from 'zod';
import { optionalText } from './fields.js';
import { validationMessages } from './messages.js';
import { normalizeKenyanPhone } from './phone.js';

const m = validationMessages.rider;

/**
 * The seller's assign-rider panel: pick an existing rider, or type a new rider's name and
 * phone (spec section 5). A picked rider wins over half-typed new-rider fields, because the
 * picker is the explicit choice.
 */
export const assignRiderSchema = z
  .object({
    riderId: optionalText({ max: 100, tooLong: m.selectOrAdd, invalid: m.selectOrAdd }),
    newRiderName: optionalText({ max: 100, tooLong: m.nameTooLong, invalid: m.nameInvalid }),
    newRiderPhone: optionalText({ max: 40, tooLong: validationMessages.phone.invalid, invalid: validationMessages.phone.invalid }),
  })
  .transform((value, ctx) => {
    if (value.riderId !== null) return { kind: 'existing' as const, riderId: value.riderId };
    if (value.newRiderName === null || value.newRiderPhone === null) {
      ctx.issues.push({ code: 'custom', message: m.selectOrAdd, input: value });
      return z.NEVER;
    }
    const phone = normalizeKenyanPhone(value.newRiderPhone);
    if (phone === null) {
      ctx.issues.push({ code: 'custom', message: validationMessages.phone.invalid, input: value, path: ['newRiderPhone'] });
      return z.NEVER;
    }
    return { kind: 'new' as const, name: value.newRiderName, phone };
  });

export type AssignRiderInput = z.input<typeof assignRiderSchema>;
export type AssignRiderOutput = z.output<typeof assignRiderSchema>;
