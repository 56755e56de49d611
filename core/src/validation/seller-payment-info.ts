import { z } from 'zod';
import { whenFieldsValid } from './fields.js';
import { validationMessages } from './messages.js';
import {
  checkPaymentNumber,
  paymentNumberField,
  sellerPayoutMethodField,
  withNormalizedPaymentNumber,
} from './payment-number.js';

const required = validationMessages.seller.paymentFieldsRequired;

/** The profile's Payment Information section: both fields required, then the number must fit the method. */
export const sellerPaymentInfoSchema = z
  .object({
    paymentMethod: sellerPayoutMethodField(required),
    paymentNumber: paymentNumberField(required),
  })
  .superRefine(checkPaymentNumber, { when: whenFieldsValid('paymentMethod', 'paymentNumber') })
  .transform(withNormalizedPaymentNumber);

export type SellerPaymentInfoInput = z.input<typeof sellerPaymentInfoSchema>;
export type SellerPaymentInfoOutput = z.output<typeof sellerPaymentInfoSchema>;
