import { z } from 'zod';

// statusCode is a JSON number in Africa's Talking's replies; a numeric string is read the same.
const statusCode = z.union([z.number().int(), z.string().regex(/^\d{1,4}$/).transform(Number)]);

const recipientSchema = z.object({
  statusCode,
  number: z.string(),
  status: z.string(),
  cost: z.string(),
  messageId: z.string(),
});

/** `{SMSMessageData: {Message: "Sent to 1/1 Total Cost: KES 0.8000", Recipients: [...]}}` (fact sheet, section 8). */
export const sendReplySchema = z.object({
  SMSMessageData: z.object({
    Message: z.string(),
    Recipients: z.array(recipientSchema),
  }),
});

export type SendReply = z.output<typeof sendReplySchema>;
export type SendReplyRecipient = SendReply['SMSMessageData']['Recipients'][number];

/** "SMSMessageData.Recipients.0.statusCode: expected number" for each issue (never the values: they hold the number). */
export function describeReplyIssues(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : '(root)'}: ${issue.message}`)
    .join('; ');
}
