/** A callback path secret for tests that compose the API with MPESA_CALLBACK_SECRET (32+ lower-case hex digits). */
export const TEST_CALLBACK_SECRET = '0123456789abcdef0123456789abcdef';

/** Where Daraja POSTs a C2B confirmation for a deployment with this secret (decision 0042). */
export const c2bConfirmationPath = (secret: string = TEST_CALLBACK_SECRET): string => `/api/payments/callbacks/${secret}/c2b/confirmation`;

/**
 * A C2B confirmation body as Safaricom sends it (flat, every value a string; TransAmount in
 * shillings with two decimals): a Paybill payment of `amountCents` to the account number
 * `billRefNumber` (ours: the order's tracking number).
 */
export function c2bConfirmationBody(payment: { transId: string; billRefNumber: string; amountCents: number }): Record<string, string> {
  return {
    TransactionType: 'Pay Bill',
    TransID: payment.transId,
    TransTime: '20261125120000',
    TransAmount: (payment.amountCents / 100).toFixed(2),
    BusinessShortCode: '174379',
    BillRefNumber: payment.billRefNumber,
    InvoiceNumber: '',
    OrgAccountBalance: '',
    ThirdPartyTransID: '',
    MSISDN: '2547 ***** 126',
    FirstName: 'WANJIRU',
    MiddleName: '',
    LastName: '',
  };
}
