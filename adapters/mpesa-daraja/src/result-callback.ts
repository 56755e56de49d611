import { z } from 'zod';
import { describeIssues, parseError, parsed, type ParseResult } from './parse-result.js';
import { integerSchema, oneOrMany, resultCodeSchema, scalarText, type ResultCode } from './wire-fields.js';

/** The asynchronous Result of Transaction Status, B2C, B2B and reversal, posted to ResultURL. */
export interface ResultCallback {
  readonly resultType: number;
  /** 0 is success; a number for every documented code except SFC_IC0003. */
  readonly resultCode: ResultCode;
  readonly resultDesc: string;
  readonly originatorConversationId: string;
  readonly conversationId: string;
  /** '' when Daraja leaves it out (some failures). */
  readonly transactionId: string;
  /** ResultParameters by Key, values as text; empty on failure. */
  readonly parameters: Record<string, string>;
  /** ReferenceData by Key (QueueTimeoutURL, Occasion...). */
  readonly referenceData: Record<string, string>;
}

const keyValue = z.object({ Key: z.string(), Value: scalarText.optional() });

// Sources differ: ResultType/ResultCode as integer or string, ResultParameter and ReferenceItem
// as one object or an array, Value as number or string. All of those are accepted.
const resultSchema = z.object({
  Result: z.object({
    ResultType: integerSchema,
    ResultCode: resultCodeSchema,
    ResultDesc: z.string(),
    OriginatorConversationID: z.string().min(1),
    ConversationID: z.string().min(1),
    TransactionID: z.string().optional(),
    ResultParameters: z.object({ ResultParameter: oneOrMany(keyValue).optional() }).optional(),
    ReferenceData: z.object({ ReferenceItem: oneOrMany(keyValue).optional() }).optional(),
  }),
});

function byKey(entries: readonly z.output<typeof keyValue>[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of entries ?? []) out[entry.Key] = entry.Value ?? '';
  return out;
}

export function parseResultCallback(json: unknown): ParseResult<ResultCallback> {
  const result = resultSchema.safeParse(json);
  if (!result.success) return parseError(describeIssues('Result callback', result.error));
  const body = result.data.Result;
  return parsed({
    resultType: body.ResultType,
    resultCode: body.ResultCode,
    resultDesc: body.ResultDesc,
    originatorConversationId: body.OriginatorConversationID,
    conversationId: body.ConversationID,
    transactionId: body.TransactionID ?? '',
    parameters: byKey(body.ResultParameters?.ResultParameter),
    referenceData: byKey(body.ReferenceData?.ReferenceItem),
  });
}
