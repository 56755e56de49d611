import type { Cents } from '@escrow/core';
import { z } from 'zod';
import { describeIssues, parseError, parsed, type ParseResult } from './parse-result.js';
import { decimalShillingsToCents } from './shillings.js';

/** A C2B validation or confirmation request (the same flat shape for both). */
export interface C2bPayload {
  /** "Pay Bill" or "Buy Goods" as sent. */
  readonly transactionType: string;
  /** The M-Pesa receipt: the key to de-duplicate and reconcile on. */
  readonly transId: string;
  /** YYYYMMDDHHmmss, Nairobi time. */
  readonly transTime: string;
  readonly amountCents: Cents;
  readonly businessShortCode: string;
  /** The account number the customer typed (ours: the order's tracking number); may be blank for Buy Goods. */
  readonly billRefNumber: string;
  readonly invoiceNumber: string;
  /** Blank on validation. */
  readonly orgAccountBalance: string;
  readonly thirdPartyTransId: string;
  /**
   * Exactly as sent: sources report it masked (`2547 ***** 126`) or as the SHA-256 hex of the
   * number, so it can not be trusted to be a phone number, only compared with what we hash.
   */
  readonly msisdn: string;
  readonly firstName: string;
  readonly middleName: string;
  readonly lastName: string;
}

// All strings on the wire. What identifies and values the payment is required; the rest
// (names, invoice, balance) is often blank or left out and defaults to ''.
const text = z.string();
const optionalText = z.string().optional().transform((value) => value ?? '');

const payloadSchema = z.object({
  TransactionType: text,
  TransID: text.trim().min(1, 'must not be empty'),
  TransTime: text.regex(/^\d{14}$/, 'must be YYYYMMDDHHmmss'),
  TransAmount: text,
  BusinessShortCode: text.trim().min(1, 'must not be empty'),
  BillRefNumber: text,
  InvoiceNumber: optionalText,
  OrgAccountBalance: optionalText,
  ThirdPartyTransID: optionalText,
  MSISDN: text,
  FirstName: optionalText,
  MiddleName: optionalText,
  LastName: optionalText,
});

/** Parses a C2B validation or confirmation body; TransAmount ("5.00") becomes integer cents exactly. */
export function parseC2bPayload(json: unknown): ParseResult<C2bPayload> {
  const result = payloadSchema.safeParse(json);
  if (!result.success) return parseError(describeIssues('C2B payload', result.error));
  const body = result.data;
  const amountCents = decimalShillingsToCents(body.TransAmount);
  if (amountCents === null || amountCents === 0) {
    return parseError(`C2B payload: TransAmount "${body.TransAmount}" is not a positive amount of shillings with at most 2 decimals`);
  }
  return parsed({
    transactionType: body.TransactionType,
    transId: body.TransID,
    transTime: body.TransTime,
    amountCents,
    businessShortCode: body.BusinessShortCode,
    billRefNumber: body.BillRefNumber,
    invoiceNumber: body.InvoiceNumber,
    orgAccountBalance: body.OrgAccountBalance,
    thirdPartyTransId: body.ThirdPartyTransID,
    msisdn: body.MSISDN,
    firstName: body.FirstName,
    middleName: body.MiddleName,
    lastName: body.LastName,
  });
}
