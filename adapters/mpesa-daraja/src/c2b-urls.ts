import { z } from 'zod';
import { readReply, requireAccepted, type DarajaContext } from './daraja-context.js';
import { DarajaError } from './daraja-error.js';
import { URLS_ALREADY_REGISTERED } from './error-codes.js';
import { checkC2bUrl } from './request-checks.js';

export interface C2bUrlRegistration {
  readonly confirmationUrl: string;
  readonly validationUrl: string;
  /** What M-Pesa does when the validation URL does not answer: complete or cancel the payment. */
  readonly responseType: 'Completed' | 'Cancelled';
}

export type C2bUrlsRegistered =
  | { readonly alreadyRegistered: false; readonly originatorConversationId: string; readonly responseDescription: string }
  /** Production registers once; a second attempt says so and is not a failure. */
  | { readonly alreadyRegistered: true };

// "OriginatorCoversationID" (sic) on the wire; the correct spelling is accepted too.
const replySchema = z.object({
  OriginatorCoversationID: z.string().optional(),
  OriginatorConversationID: z.string().optional(),
  ResponseCode: z.union([z.string(), z.number().transform(String)]),
  ResponseDescription: z.string().optional().default(''),
});

/** Tells M-Pesa where to send C2B validation and confirmation requests for the shortcode. */
export async function registerC2bUrls(context: DarajaContext, registration: C2bUrlRegistration): Promise<C2bUrlsRegistered> {
  checkC2bUrl('confirmationUrl', registration.confirmationUrl);
  checkC2bUrl('validationUrl', registration.validationUrl);
  let json: unknown;
  try {
    json = await context.post(
      'C2B Register URL',
      '/mpesa/c2b/v1/registerurl',
      {
        ShortCode: context.config.shortcode,
        ResponseType: registration.responseType,
        ConfirmationURL: registration.confirmationUrl,
        ValidationURL: registration.validationUrl,
      },
      { idempotent: false },
    );
  } catch (error) {
    if (error instanceof DarajaError && error.errorCode === URLS_ALREADY_REGISTERED) return { alreadyRegistered: true };
    throw error;
  }
  const reply = readReply('C2B Register URL', replySchema, json, false);
  requireAccepted('C2B Register URL', reply.ResponseCode, reply.ResponseDescription);
  return {
    alreadyRegistered: false,
    originatorConversationId: reply.OriginatorCoversationID ?? reply.OriginatorConversationID ?? '',
    responseDescription: reply.ResponseDescription,
  };
}
