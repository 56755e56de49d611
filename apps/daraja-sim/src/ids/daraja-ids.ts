import { randomBytes, randomInt } from 'node:crypto';
import { checkoutStamp, nairobiDate } from '../time/nairobi-time.js';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomFrom(alphabet: string, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += alphabet[randomInt(alphabet.length)];
  return out;
}

/**
 * Ids shaped like '29115-34620561-1' (MerchantRequestID, OriginatorConversationID, the
 * requestId of errors): a node number, a counter, a digit. The counter makes them unique
 * within one simulator, which real integrations rely on for de-duplication.
 */
export class RequestIds {
  private readonly node = randomInt(10_000, 100_000);
  private counter = randomInt(10_000_000, 90_000_000);

  next(): string {
    this.counter += 1;
    return `${this.node}-${this.counter}-${randomInt(1, 4)}`;
  }
}

/** ws_CO_ + ddMMyyyyHHmmssSSS (Nairobi) + the phone without 254, like ws_CO_03082022131319635708374149. */
export function checkoutRequestId(msisdn: string, at: Date): string {
  return `ws_CO_${checkoutStamp(at)}${msisdn.slice(3)}`;
}

/** AG_yyyyMMdd_ + 20 lowercase hex characters, like AG_20230206_201056794190723278ff. */
export function conversationId(at: Date = new Date()): string {
  return `AG_${nairobiDate(at)}_${randomBytes(10).toString('hex')}`;
}

/** Sandbox access tokens are 28 letters and digits. */
export function accessToken(): string {
  return randomFrom(ALPHANUMERIC, 28);
}
