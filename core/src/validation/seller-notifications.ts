import { z } from 'zod';
import { whenFieldsValid } from './fields.js';
import { validationMessages } from './messages.js';

const m = validationMessages.seller;

/**
 * The profile's Notifications section (decision 0048): SMS, email or both, never neither (a
 * seller with no way to hear of payments and refunds would miss them). Whether the account has
 * an email for an email-only choice is the use case's check: the form does not hold the address.
 */
export const sellerNotificationsSchema = z
  .object({
    notifyBySms: z.boolean({ error: m.notifyChoiceInvalid }),
    notifyByEmail: z.boolean({ error: m.notifyChoiceInvalid }),
  })
  .refine((choice) => choice.notifyBySms || choice.notifyByEmail, { error: m.notifyChoiceRequired, when: whenFieldsValid('notifyBySms', 'notifyByEmail') });

export type SellerNotificationsInput = z.input<typeof sellerNotificationsSchema>;
export type SellerNotificationsOutput = z.output<typeof sellerNotificationsSchema>;
