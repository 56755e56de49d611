import { z } from 'zod';
import { emailField } from './email.js';
import { optionalText, requiredText } from './fields.js';
import { validationMessages } from './messages.js';

const m = validationMessages.contact;

/** The /contact form (spec section 5: limits 100 / 255 / 20 / 1000). */
export const contactFormSchema = z.object({
  name: requiredText({ required: m.nameRequired, max: 100, tooLong: m.nameTooLong, invalid: m.nameInvalid }),
  // The spec has one email message for the contact form, empty or malformed alike.
  email: emailField({ required: validationMessages.email.invalid, lowercase: false }),
  // Free text, not a Kenyan number: people write from abroad too.
  phone: optionalText({ max: 20, tooLong: m.phoneTooLong, invalid: m.phoneInvalid }),
  message: requiredText({ required: m.messageRequired, max: 1000, tooLong: m.messageTooLong, invalid: m.messageInvalid }),
});

export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactFormOutput = z.output<typeof contactFormSchema>;
