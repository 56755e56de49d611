import { createHash } from 'node:crypto';
import type { MsisdnFormat } from '../public-types.js';

/**
 * The MSISDN as C2B payloads show it. Sources disagree: a SHA-256 hex of '2547...' (reported
 * for all shortcodes since July 2024), a masked '2547 ***** 126', or the plain number.
 */
export function formatMsisdn(msisdn: string, format: MsisdnFormat): string {
  switch (format) {
    case 'sha256':
      return createHash('sha256').update(msisdn).digest('hex');
    case 'masked':
      return `${msisdn.slice(0, 4)} ***** ${msisdn.slice(-3)}`;
    case 'plain':
      return msisdn;
  }
}

export interface C2bPayloadInput {
  commandId: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
  transId: string;
  transTime: string;
  amount: number;
  shortCode: string;
  billRefNumber: string;
  orgAccountBalance: string;
  msisdn: string;
  firstName: string;
}

/** The flat, all-strings validation and confirmation payload (fact sheet, section 4). */
export function c2bPayload(input: C2bPayloadInput): Record<string, string> {
  return {
    TransactionType: input.commandId === 'CustomerPayBillOnline' ? 'Pay Bill' : 'Buy Goods',
    TransID: input.transId,
    TransTime: input.transTime,
    TransAmount: input.amount.toFixed(2),
    BusinessShortCode: input.shortCode,
    BillRefNumber: input.billRefNumber,
    InvoiceNumber: '',
    OrgAccountBalance: input.orgAccountBalance,
    ThirdPartyTransID: '',
    MSISDN: input.msisdn,
    FirstName: input.firstName,
    MiddleName: '',
    LastName: '',
  };
}
