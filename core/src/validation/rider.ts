import { z } from 'zod';
import { requiredText } from './fields.js';
import { validationMessages } from './messages.js';
import { kenyanPhoneField } from './phone.js';

const m = validationMessages.rider;

/**
 * A motorbike plate as riders and sellers compare it: trimmed, upper-cased, inner runs of
 * spaces collapsed ("kmda  123a" and "KMDA 123A" are the same bike).
 */
export const motorbikePlateSchema = requiredText({ required: m.fieldsRequired, max: 20, tooLong: m.plateTooLong, invalid: m.plateInvalid })
  .toUpperCase()
  .transform((plate) => plate.replace(/\s+/g, ' '));

/** The seller's Add Rider form: every field is required, with the spec's one message. */
export const addRiderSchema = z.object({
  name: requiredText({ required: m.fieldsRequired, max: 100, tooLong: m.nameTooLong, invalid: m.nameInvalid }),
  phone: kenyanPhoneField({ required: m.fieldsRequired, invalid: validationMessages.phone.invalid }),
  motorbikePlate: motorbikePlateSchema,
});

export type AddRiderInput = z.input<typeof addRiderSchema>;
export type AddRiderOutput = z.output<typeof addRiderSchema>;

/** The phone a rider types to accept a job or open the rider dashboard. */
export const riderPhoneEntrySchema = kenyanPhoneField({
  required: m.phoneRequired,
  invalid: validationMessages.phone.invalid,
});

export type RiderPhoneEntryInput = z.input<typeof riderPhoneEntrySchema>;
export type RiderPhoneEntryOutput = z.output<typeof riderPhoneEntrySchema>;
