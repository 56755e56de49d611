import { err, ok, type Result } from '../../errors.js';
import { nairobiDayRange, ordersCsv } from '../../export/orders-csv.js';
import type { Actor } from '../../orders/actor.js';
import type { AdminQueries } from '../../ports/admin-queries.js';
import type { Clock } from '../../ports/clock.js';
import { exportRangeSchema } from '../../validation/export-range.js';
import { parseOrFirstError } from '../../validation/first-error.js';
import { adminOf } from './admin-caller.js';

export interface OrdersCsvExport {
  /** e.g. `escrow-orders-2026-11-01-to-2026-11-30.csv`. */
  readonly filename: string;
  /** The file as text chunks, produced while they are consumed (never the whole file in memory). */
  readonly chunks: AsyncIterable<string>;
}

/**
 * The admin's Export Data (spec section 9's eleven columns, then the payment receipt and the
 * payout's reference and state: ORDER_CSV_HEADER), for the API and the CLI alike:
 * orders created from the `from` day to the `to` day (Nairobi days, both included; either may
 * be left out), oldest first, streamed from the database in batches.
 */
export async function exportOrdersCsv(
  deps: { readonly adminQueries: AdminQueries; readonly clock: Clock },
  args: { actor: Actor; from?: string | undefined; to?: string | undefined },
): Promise<Result<OrdersCsvExport>> {
  if (!adminOf(args.actor)) return err('FORBIDDEN');
  const parsed = parseOrFirstError(exportRangeSchema, { from: args.from, to: args.to });
  if (!parsed.ok) return err('VALIDATION_FAILED', { message: parsed.message });
  const { from, to } = parsed.value;
  const today = new Date(deps.clock.now().getTime() + 3 * 3_600_000).toISOString().slice(0, 10);
  const filename = `escrow-orders-${from ?? 'start'}-to-${to ?? today}.csv`;
  return ok({ filename, chunks: ordersCsv(deps.adminQueries.exportOrders(nairobiDayRange(from, to))) });
}
