import { randomInt } from 'node:crypto';
import { nairobiCalendar } from '../time/nairobi-time.js';

const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const DAY_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUV';

/**
 * M-Pesa receipt numbers (MpesaReceiptNumber, C2B TransID): 10 uppercase letters and digits.
 * Real ones start with the year (N = 2019, S = 2024), the month (A-L) and the day of month in
 * base 32 (NLJ7RT61SV: 19 December 2019); the simulator follows that so receipts look right in
 * logs and screens. Every one is unique within the simulator.
 */
export class ReceiptNumbers {
  private readonly issued = new Set<string>();

  /** The three date letters of a receipt issued at `at`. */
  static datePrefix(at: Date = new Date()): string {
    const { year, monthIndex, day } = nairobiCalendar(at);
    return String.fromCharCode(65 + ((((year - 2006) % 26) + 26) % 26)) + String.fromCharCode(65 + monthIndex) + DAY_CHARS[day];
  }

  next(at: Date = new Date()): string {
    const prefix = ReceiptNumbers.datePrefix(at);
    for (;;) {
      let receipt = prefix;
      for (let i = 0; i < 7; i += 1) receipt += UPPER_ALNUM[randomInt(UPPER_ALNUM.length)];
      if (!this.issued.has(receipt)) {
        this.issued.add(receipt);
        return receipt;
      }
    }
  }
}
