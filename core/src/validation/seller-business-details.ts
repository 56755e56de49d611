import { z } from 'zod';
import { sellerBusinessFields } from './seller-signup.js';

/** The profile's Business Details section; an empty WhatsApp is saved as null (spec section 5). */
export const sellerBusinessDetailsSchema = z.object(sellerBusinessFields);

export type SellerBusinessDetailsInput = z.input<typeof sellerBusinessDetailsSchema>;
export type SellerBusinessDetailsOutput = z.output<typeof sellerBusinessDetailsSchema>;
