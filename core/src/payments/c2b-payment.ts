import type { Cents } from '../money/cents.js';

/**
 * A Paybill payment Safaricom confirmed (C2B confirmation), stored once by its TransID (the
 * M-Pesa receipt). `matched`: it paid the order its account number names; `unmatched`: no
 * order takes it (unknown account number, short amount, order already paid or cancelled) and
 * an admin attaches it to an order or refunds it.
 */
export type C2bPaymentStatus = 'matched' | 'unmatched' | 'attached' | 'refunded';

export interface C2bPayment {
  /** TransID: the receipt the payer's M-Pesa SMS shows, e.g. NLJ7RT61SV. */
  readonly transId: string;
  /** BillRefNumber as the payer typed it (our tracking number when they got it right). */
  readonly billRefNumber: string;
  readonly amount: Cents;
  /** As Safaricom sends it: masked or a SHA-256 of the number; never trusted as a phone. */
  readonly msisdn: string;
  readonly payerName: string;
  readonly businessShortCode: string;
  /** TransTime, YYYYMMDDHHmmss Nairobi time, as sent. */
  readonly transTime: string;
  readonly receivedAt: Date;
  readonly status: C2bPaymentStatus;
  readonly orderId: string | null;
  /** Why it is unmatched, in words for the admin. */
  readonly note: string | null;
  readonly resolvedBy: string | null;
  readonly resolvedAt: Date | null;
}

/** The account number as buyers type it: case and spaces do not matter. */
export function normalizeAccountReference(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}
