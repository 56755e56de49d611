import { exportOrdersCsv, type AdminDeps } from '@escrow/core';
import { exportRangeSchema } from '@escrow/core/validation';
import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env.js';
import { sendResult } from '../../http/error-handler.js';
import type { EscrowHttp } from '../escrow-context.js';
import { adminCaller, adminOnly } from '../../http/require-admin.js';
import { queryOf } from '../../http/request-input.js';
import { routeDoc } from '../../http/openapi.js';
import { requestLoggerOf } from '../../http/request-log.js';

/**
 * GET /export.csv?from=YYYY-MM-DD&to=YYYY-MM-DD: the orders as a CSV attachment (spec section
 * 9's eleven columns first, then M-Pesa receipt, Payout reference, Payout state; core's writer,
 * shared with `escrow-admin export-csv`). Streamed: each
 * chunk is read from the database when the client is ready for it (a pull stream), so the
 * file is never held in memory and a slow client slows only its own export. Bad dates are a
 * 400 before anything is sent; a failure after the first byte can only cut the file short,
 * and is logged.
 */
export function adminExportRoutes(h: EscrowHttp, deps: AdminDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/export.csv', routeDoc({ tag: 'admin', caller: ['session'], summary: 'The orders of a date range as a CSV file, streamed', ok: { description: 'A CSV attachment: the spec\'s eleven columns, then M-Pesa receipt, payout reference and payout state', media: 'text/csv' }, errors: [401, 403] }), adminOnly, queryOf(exportRangeSchema), async (c) => {
    const caller = adminCaller(c);
    if (!caller.ok) return caller.response;
    const { from, to } = c.req.valid('query');
    const result = await exportOrdersCsv(deps, { actor: caller.actor, from, to });
    if (!result.ok) return sendResult(c, result);
    const chunks = result.value.chunks[Symbol.asyncIterator]();
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        } catch (error) {
          requestLoggerOf(c, h.logger).error('CSV export failed after it started', { error: error instanceof Error ? error.message : String(error) });
          controller.error(error);
        }
      },
      async cancel() {
        await chunks.return?.();
      },
    });
    return c.body(body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${result.value.filename}"`,
      'Cache-Control': 'no-store',
    });
  });

  return app;
}
