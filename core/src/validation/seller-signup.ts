import { z } from 'zod';
import { acceptedTerms, optionalText, requiredText, whenFieldsValid } from './fields.js';
import { validationMessages } from './messages.js';
import {
  checkPaymentNumber,
  paymentNumberField,
  sellerPayoutMethodField,
  withNormalizedPaymentNumber,
} from './payment-number.js';
import { kenyanPhoneField, optionalKenyanPhoneField } from './phone.js';
import { sellerAboutSchema } from './seller-about.js';

const m = validationMessages.seller;

/** Business name, location, phone: shared by sign-up and the profile's Business Details. */
export const sellerBusinessFields = {
  businessName: requiredText({ required: m.businessNameRequired, max: 100, tooLong: m.businessNameTooLong, invalid: m.businessNameInvalid }),
  location: requiredText({ required: m.locationRequired, max: 100, tooLong: m.locationTooLong, invalid: m.locationInvalid }),
  phone: kenyanPhoneField({ required: validationMessages.phone.invalid, invalid: validationMessages.phone.invalid }),
  whatsapp: optionalKenyanPhoneField(m.whatsappInvalid),
};

/**
 * /seller/signup. The payment number is checked against the method as soon as both parsed
 * (not only once the whole form is valid) and leaves the schema in its stored form:
 * E.164 for an M-Pesa phone, bare digits for a Paybill or Till. The logo is a file upload
 * and is not part of this schema.
 */
export const sellerSignupSchema = z
  .object({
    ...sellerBusinessFields,
    businessProfile: optionalText({ max: 500, tooLong: m.businessProfileTooLong, invalid: m.businessProfileInvalid }),
    about: sellerAboutSchema.shape.about,
    paymentMethod: sellerPayoutMethodField(m.paymentMethodRequired),
    paymentNumber: paymentNumberField(m.paymentNumberRequired),
    termsAccepted: acceptedTerms(m.termsRequired),
  })
  .superRefine(checkPaymentNumber, { when: whenFieldsValid('paymentMethod', 'paymentNumber') })
  .transform(withNormalizedPaymentNumber);

export type SellerSignupInput = z.input<typeof sellerSignupSchema>;
export type SellerSignupOutput = z.output<typeof sellerSignupSchema>;
