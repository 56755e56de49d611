/** A completed M-Pesa payment the simulator can describe to Transaction Status. */
export interface KnownReceipt {
  receiptNo: string;
  source: 'stk' | 'c2b';
  /** Shillings actually paid. */
  amount: number;
  msisdn: string;
  customerName: string;
  /** The shortcode or till credited, and the one the request went through. */
  creditParty: string;
  businessShortCode: string;
  businessName: string;
  /** yyyyMMddHHmmss, Nairobi. */
  initiatedTime: string;
  finalisedTime: string;
  reasonType: string;
}

/** Every successful STK payment and C2B payment, by receipt number. */
export class ReceiptBook {
  private readonly receipts = new Map<string, KnownReceipt>();

  add(receipt: KnownReceipt): void {
    this.receipts.set(receipt.receiptNo, receipt);
  }

  find(receiptNo: string): KnownReceipt | undefined {
    return this.receipts.get(receiptNo);
  }

  reset(): void {
    this.receipts.clear();
  }
}
