import { z } from 'zod';
import { optionalText } from './fields.js';
import { validationMessages } from './messages.js';

/** The profile's About Your Business section; optional, empty is saved as null. */
export const sellerAboutSchema = z.object({
  about: optionalText({ max: 1000, tooLong: validationMessages.seller.aboutTooLong, invalid: validationMessages.seller.aboutInvalid }),
});

export type SellerAboutInput = z.input<typeof sellerAboutSchema>;
export type SellerAboutOutput = z.output<typeof sellerAboutSchema>;
