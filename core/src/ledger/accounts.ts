/**
 * Ledger accounts (PRODUCT-DECISIONS, Money). Accounts that face the outside world
 * (`mpesa_clearing`, `payouts_sent`, `refunds_sent`) go negative as money crosses them.
 */
export const account = {
  mpesaClearing: 'mpesa_clearing',
  escrow: 'escrow',
  /** Received by M-Pesa above an order's price, held for an admin to refund. */
  mpesaSuspense: 'mpesa_suspense',
  /** Receipts buyers typed that M-Pesa has not confirmed (claims): never escrow. */
  mpesaUnverified: 'mpesa_unverified',
  platformFees: 'platform_fees',
  payoutsSent: 'payouts_sent',
  /** The cents of a payout that M-Pesa cannot send (it pays whole shillings): under KSh 1 each (decision 0051). */
  payoutRounding: 'payout_rounding',
  refundsSent: 'refunds_sent',
  sellerPayable: (sellerId: string) => `seller_payable:${sellerId}`,
  riderPayable: (phone: string) => `rider_payable:${phone}`,
  buyerRefundable: (orderId: string) => `buyer_refundable:${orderId}`,
  /** Cash orders: the fee the seller owes the platform (no escrow to take it from). */
  sellerFeesOwed: (sellerId: string) => `seller_fees_owed:${sellerId}`,
} as const;
