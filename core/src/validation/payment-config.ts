import { z } from 'zod';
import { requiredText } from './fields.js';
import { validationMessages } from './messages.js';

const m = validationMessages.paymentConfig;

/** The admin's Paybill settings (Admin tab and Payment Configuration dialog), shown to every buyer. */
export const paymentConfigSchema = z.object({
  businessNumber: requiredText({ required: m.fieldsRequired, max: 7, tooLong: m.businessNumberInvalid }).regex(
    /^\d{5,7}$/,
    { error: m.businessNumberInvalid },
  ),
  accountNumber: requiredText({ required: m.fieldsRequired, max: 50, tooLong: m.accountNumberTooLong }),
  accountName: requiredText({ required: m.fieldsRequired, max: 100, tooLong: m.accountNameTooLong }),
});

export type PaymentConfigInput = z.input<typeof paymentConfigSchema>;
export type PaymentConfigOutput = z.output<typeof paymentConfigSchema>;
