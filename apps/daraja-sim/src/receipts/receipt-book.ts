/** A completed M-Pesa transaction the simulator can describe to Transaction Status. */
export interface KnownReceipt {
  receiptNo: string;
  /** stk and c2b: a customer paid a business; b2c and b2b: a business paid out (a payout). */
  source: 'stk' | 'c2b' | 'b2c' | 'b2b';
  /** Shillings actually moved. */
  amount: number;
  /** Who paid and who was paid, as Transaction Status names them ("<party> - <name>"). */
  debitParty: string;
  debitName: string;
  creditParty: string;
  creditName: string;
  /** The shortcode the request went through (a party to the transaction too). */
  businessShortCode: string;
  /** yyyyMMddHHmmss, Nairobi. */
  initiatedTime: string;
  finalisedTime: string;
  reasonType: string;
}

/** Every completed payment (STK, C2B) and payout (B2C, B2B), by receipt number, and which were reversed. */
export class ReceiptBook {
  private readonly receipts = new Map<string, KnownReceipt>();
  private readonly reversed = new Set<string>();

  add(receipt: KnownReceipt): void {
    this.receipts.set(receipt.receiptNo, receipt);
  }

  find(receiptNo: string): KnownReceipt | undefined {
    return this.receipts.get(receiptNo);
  }

  isReversed(receiptNo: string): boolean {
    return this.reversed.has(receiptNo);
  }

  markReversed(receiptNo: string): void {
    this.reversed.add(receiptNo);
  }

  reset(): void {
    this.receipts.clear();
    this.reversed.clear();
  }
}
