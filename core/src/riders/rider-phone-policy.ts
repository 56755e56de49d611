import type { Notification } from '../ports/notifier.js';
import type { RateLimitRule } from '../ports/rate-limiter.js';

const minutes = (n: number): number => n * 60_000;

/** A rider's phone code works for 10 minutes (PRODUCT-DECISIONS, Real money). */
export const RIDER_PHONE_CODE_TTL_MS = minutes(10);
/** Five wrong entries spend a code; the sixth try is refused whatever it holds. */
export const RIDER_PHONE_CODE_MAX_ATTEMPTS = 5;
/** A proven phone stays proven in that browser for 30 days (or until it is revoked). */
export const RIDER_PHONE_PROOF_TTL_MS = 30 * 24 * 60 * 60_000;
/** The proof token's entropy: 256 bits. */
export const RIDER_PHONE_PROOF_BYTES = 32;
/** What the rider page waits before it offers "Resend code" (the server's limits decide). */
export const RIDER_PHONE_CODE_RESEND_AFTER_MS = 60_000;

/**
 * Limits on asking for and checking phone codes, counted per phone (from anywhere) and per
 * address (a carrier NAT puts many riders behind one address, so those are loose). A listed
 * phone is sent at most 3 codes per 15 minutes and 10 a day; with 5 tries per code, a stranger
 * gets at most 50 guesses a day at one phone's codes (about 1 in 20,000), and every code they
 * ask for reaches the rider's phone.
 */
export const RIDER_PHONE_RATE_LIMITS = {
  codeRequestsPerPhone: { name: 'rider-code-request:phone', limit: 3, windowMs: minutes(15) },
  codeRequestsPerPhoneDaily: { name: 'rider-code-request:phone-day', limit: 10, windowMs: minutes(24 * 60) },
  codeRequestsPerAddress: { name: 'rider-code-request:address', limit: 20, windowMs: minutes(15) },
  codeChecksPerPhone: { name: 'rider-code-check:phone', limit: 15, windowMs: minutes(15) },
  codeChecksPerAddress: { name: 'rider-code-check:address', limit: 60, windowMs: minutes(15) },
} as const satisfies Record<string, RateLimitRule>;

/**
 * The SMS that carries the code: one GSM-7 segment (under 160 characters), saying who sent it.
 * Sensitive: once delivered, the outbox keeps who it went to and when, never the code.
 */
export function riderPhoneCodeSms(phone: string, code: string): Notification {
  const minutesValid = RIDER_PHONE_CODE_TTL_MS / 60_000;
  return {
    channel: 'sms',
    to: phone,
    subject: 'Escrow Delivery rider code',
    body: `Escrow Delivery: your rider code is ${code}. It expires in ${minutesValid} minutes. Do not share it.`,
    sensitive: true,
  };
}

/** `riderPhoneCodeSms` in Swahili (decision 0066): for a rider whose page asked in Swahili. One GSM-7 segment. */
export function riderPhoneCodeSmsSw(phone: string, code: string): Notification {
  const minutesValid = RIDER_PHONE_CODE_TTL_MS / 60_000;
  return {
    channel: 'sms',
    to: phone,
    subject: 'Escrow Delivery rider code',
    body: `Escrow Delivery: msimbo wako wa msafirishaji ni ${code}. Unaisha baada ya dakika ${minutesValid}. Usimpe mtu yeyote.`,
    sensitive: true,
  };
}
