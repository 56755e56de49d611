import { constantTimeEqual, recordSmsDeliveryReport, type RecordSmsDeliveryReportDeps } from '@escrow/core';
import { phoneForLog } from '@escrow/core/validation';
import { parseDeliveryReport } from '@escrow/sms-africastalking';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import type { Logger } from '../../http/logger.js';
import { requestLoggerOf } from '../../http/request-log.js';
import { CALLBACK_SECRET_PARAMETER, routeDoc } from '../../http/openapi.js';

/** A delivery report is a few short fields; anything bigger is not one. */
const MAX_REPORT_BYTES = 8 * 1024;

export interface SmsCallbackOptions {
  /** The secret path segment: AT_CALLBACK_SECRET, or one generated per deployment. */
  readonly secret: string;
  readonly deps: RecordSmsDeliveryReportDeps;
  readonly logger: Logger;
}

/**
 * Where Africa's Talking POSTs SMS delivery reports: /api/sms/callbacks/<secret>/delivery, the
 * URL set in its dashboard (SMS > SMS Callback URLs > Delivery Reports). Reports are not signed,
 * so the path carries a secret per deployment and any other path is a plain 404, as for M-Pesa's
 * callbacks. The form is parsed strictly (a bad one is 400 and logged, never a 500) and stored
 * once per (message id, status); a repeat is answered 200 like the first, so Africa's Talking
 * stops sending it. Logs name the number masked.
 */
export function smsCallbackRoutes(options: SmsCallbackOptions): Hono<AppEnv> {
  const { logger } = options;
  const app = new Hono<AppEnv>();
  app.use('/:secret/*', async (c, next) => {
    if (!constantTimeEqual(c.req.param('secret'), options.secret)) return c.json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
    return next();
  });

  app.post('/:secret/delivery', routeDoc({ tag: 'sms-callbacks', parameters: [CALLBACK_SECRET_PARAMETER], summary: 'An SMS delivery report from Africa\'s Talking', body: { media: 'application/x-www-form-urlencoded', description: 'The delivery report form (id, status, phoneNumber, networkCode, failureReason, retryCount), parsed strictly' }, ok: '`{ received: true, stored }` (a repeat is answered the same)', errors: [400, 404] }), async (c) => {
    const body = await c.req.text();
    const parsed = body.length > MAX_REPORT_BYTES ? { ok: false as const, error: `delivery report: ${body.length} characters, more than ${MAX_REPORT_BYTES}` } : parseDeliveryReport(body);
    if (!parsed.ok) {
      requestLoggerOf(c, logger).warn('SMS delivery report refused', { error: parsed.error.slice(0, 500) });
      return c.json({ error: { code: 'BAD_REQUEST', message: 'Not a delivery report' } }, 400);
    }
    const report = parsed.value;
    const recorded = await recordSmsDeliveryReport(options.deps, report);
    const fields = { messageId: report.providerMessageId, status: report.status, phone: phoneForLog(report.phoneNumber), ...(report.failureReason ? { failureReason: report.failureReason } : {}) };
    if (!recorded.stored) {
      // A repeat: already stored, nothing to log.
    } else if (recorded.state?.outboxId === null) {
      requestLoggerOf(c, logger).warn('SMS delivery report for a message the outbox does not know (yet)', fields);
    } else if (report.status === 'Failed' || report.status === 'Rejected') {
      requestLoggerOf(c, logger).warn('SMS not delivered', { ...fields, outboxId: recorded.state?.outboxId });
    }
    return c.json({ received: true, stored: recorded.stored });
  });
  return app;
}
