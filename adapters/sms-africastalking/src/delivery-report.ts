import { SMS_DELIVERY_STATUSES, type SmsDeliveryReportInput } from '@escrow/core';
import { z } from 'zod';

export type ParseResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: string };

// An empty field is an absent one (Africa's Talking sends failureReason= on a Success at times).
const absentIfEmpty = (value: unknown) => (value === '' ? undefined : value);

const reportSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_.:-]{1,128}$/, 'must be a message id such as ATXid_...'),
  status: z.enum(SMS_DELIVERY_STATUSES),
  phoneNumber: z.string().regex(/^\+?\d{7,15}$/, 'must be a phone number'),
  networkCode: z.preprocess(absentIfEmpty, z.string().regex(/^\d{1,10}$/, 'must be digits').optional()),
  failureReason: z.preprocess(absentIfEmpty, z.string().regex(/^[A-Za-z][A-Za-z0-9_ -]{0,63}$/, 'must be a reason such as DeliveryFailure').optional()),
  retryCount: z.preprocess(absentIfEmpty, z.string().regex(/^\d{1,6}$/, 'must be a whole number').transform(Number).optional()),
});

const FIELDS = ['id', 'status', 'phoneNumber', 'networkCode', 'failureReason', 'retryCount'] as const;

/**
 * A delivery report as Africa's Talking POSTs it to the dashboard's callback URL: a form with
 * id, status (Sent, Submitted, Buffered, Rejected, Success, Failed), phoneNumber, networkCode,
 * failureReason (Failed, Rejected) and retryCount. Strict about those fields (one each, in their
 * shapes); other fields Africa's Talking may add are ignored. Errors name fields, never values.
 */
export function parseDeliveryReport(formBody: string): ParseResult<SmsDeliveryReportInput> {
  const form = new URLSearchParams(formBody);
  const fields: Record<string, string> = {};
  for (const name of FIELDS) {
    const values = form.getAll(name);
    if (values.length > 1) return { ok: false, error: `delivery report: ${name} given ${values.length} times` };
    if (values[0] !== undefined) fields[name] = values[0];
  }
  const parsed = reportSchema.safeParse(fields);
  if (!parsed.success) {
    return { ok: false, error: `delivery report: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(form)'}: ${i.message}`).join('; ')}` };
  }
  const r = parsed.data;
  return {
    ok: true,
    value: {
      providerMessageId: r.id,
      status: r.status,
      phoneNumber: r.phoneNumber,
      networkCode: r.networkCode ?? null,
      failureReason: r.failureReason ?? null,
      retryCount: r.retryCount ?? null,
    },
  };
}
