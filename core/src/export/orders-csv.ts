import type { Cents } from '../money/cents.js';
import { payoutStateLabel } from '../payouts/payout.js';
import type { OrderExportRow } from '../ports/admin-queries.js';
import { csvRecord, UTF8_BOM } from './csv.js';

/** Spec section 9: the admin export's eleven columns, in this order. Money in KSh, not cents. */
export const ORDER_CSV_SPEC_COLUMNS = [
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

/**
 * Money out by M-Pesa (issue 17), after the spec's columns, which stay first and unchanged so a
 * spreadsheet built on them keeps working: the receipt of the buyer's payment, the seller
 * payout's reference and its state (orderPayoutCells).
 */
export const ORDER_CSV_MONEY_COLUMNS = ['M-Pesa receipt', 'Payout reference', 'Payout state'] as const;

export const ORDER_CSV_HEADER = [...ORDER_CSV_SPEC_COLUMNS, ...ORDER_CSV_MONEY_COLUMNS] as const;

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

/**
 * 'Payout reference' and 'Payout state': the seller payout's M-Pesa receipt (or the reference
 * typed for one paid by hand) and its state as the admin screen words it; for an order settled
 * by Mark Paid without payouts, the reference recorded and "Paid by hand"; otherwise empty (not
 * settled yet, no payout owed, or only a rider payout).
 */
export function orderPayoutCells(row: Pick<OrderExportRow, 'payouts' | 'settlementPaid' | 'settlementReference'>): [reference: string, state: string] {
  const seller = row.payouts.find((p) => p.purpose === 'seller');
  if (seller) return [seller.receipt ?? '', payoutStateLabel(seller.state)];
  if (row.payouts.length === 0 && row.settlementPaid) return [row.settlementReference ?? '', 'Paid by hand'];
  return ['', ''];
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
    row.mpesaReceipt ?? '',
    ...orderPayoutCells(row),
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
