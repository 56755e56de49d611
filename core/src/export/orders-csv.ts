import type { Cents } from '../money/cents.js';
import type { OrderExportRow } from '../ports/admin-queries.js';
import { csvRecord, UTF8_BOM } from './csv.js';

/** Spec section 9: the admin export's eleven columns, in this order. Money in KSh, not cents. */
export const ORDER_CSV_HEADER = [
  'Order ID',
  'Item',
  'Seller',
  'Buyer',
  'Price (KSh)',
  'Status',
  'Payment Method',
  'Seller Payout (KSh)',
  'Rider Payout (KSh)',
  'Service Fee (KSh)',
  'Created At (EAT)',
] as const;

/** 1234567 cents -> '12345.67': a number a spreadsheet sums, built from integers (never a float). */
export function kshDecimal(amount: Cents): string {
  return `${Math.trunc(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;
}

/** Nairobi is UTC+3 all year (no daylight saving time). */
const NAIROBI_OFFSET_MS = 3 * 3_600_000;

/** '2026-11-22 14:05:09': the time in Africa/Nairobi, as people there read it and spreadsheets parse it. */
export function nairobiDateTime(at: Date): string {
  return new Date(at.getTime() + NAIROBI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

export function orderCsvRecord(row: OrderExportRow): string {
  return csvRecord([
    row.id,
    row.itemName,
    row.sellerBusinessName ?? 'N/A',
    row.buyerName,
    kshDecimal(row.price),
    row.status,
    row.paymentMethod,
    kshDecimal(row.sellerPayout),
    kshDecimal(row.riderPayout),
    kshDecimal(row.serviceFee),
    nairobiDateTime(row.createdAt),
  ]);
}

/**
 * The export as text chunks: the header, then one record per order as the rows arrive, a few
 * hundred records per chunk. Nothing is held beyond one chunk, so thousands of orders
 * stream with constant memory; the consumer's pace (HTTP backpressure, a file) sets ours.
 */
export async function* ordersCsv(rows: AsyncIterable<OrderExportRow>, options: { recordsPerChunk?: number } = {}): AsyncGenerator<string> {
  const perChunk = options.recordsPerChunk ?? 200;
  let chunk = UTF8_BOM + csvRecord(ORDER_CSV_HEADER);
  let count = 0;
  for await (const row of rows) {
    chunk += orderCsvRecord(row);
    count += 1;
    if (count % perChunk === 0) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk !== '') yield chunk;
}

/** Nairobi calendar days as instants: `from` 00:00 EAT up to (not including) the day after `to`. */
export function nairobiDayRange(from: string | undefined, to: string | undefined): { from?: Date; until?: Date } {
  const startOf = (day: string): Date => new Date(Date.parse(`${day}T00:00:00.000Z`) - NAIROBI_OFFSET_MS);
  return {
    ...(from ? { from: startOf(from) } : {}),
    ...(to ? { until: new Date(startOf(to).getTime() + 86_400_000) } : {}),
  };
}
