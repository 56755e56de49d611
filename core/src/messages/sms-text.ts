import type { Notification } from '../ports/notifier.js';

/**
 * The service's name as people read it in emails and SMS. Every SMS starts with it: a phone
 * shows a sender ID or a short code, which people do not recognise, so the text names the sender.
 */
export const SERVICE_NAME = 'Escrow Delivery';
const PREFIX = `${SERVICE_NAME}: `;

/** One SMS segment: 160 GSM-7 characters, or 70 UCS-2 code units once any character is outside GSM-7. */
export const GSM7_SEGMENT_LIMIT = 160;
export const UCS2_SEGMENT_LIMIT = 70;

// The GSM 03.38 default alphabet (one septet each) and its extension table (an escape plus a
// septet: two each). Anything else makes the phone network send the whole text as UCS-2.
const GSM7_BASIC = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);
const GSM7_EXTENSION = new Set('\f^{}\\[~]|€');

export interface SmsLength {
  /** `gsm7` when every character is in the GSM-7 alphabet, else `ucs2`. */
  readonly encoding: 'gsm7' | 'ucs2';
  /** Septets (extension characters count 2) or UTF-16 code units (an emoji counts 2). */
  readonly units: number;
  /** What one segment holds in that encoding. */
  readonly limit: number;
}

/** How long a text is on the air. */
export function smsLength(text: string): SmsLength {
  let septets = 0;
  for (const ch of text) {
    if (GSM7_BASIC.has(ch)) septets += 1;
    else if (GSM7_EXTENSION.has(ch)) septets += 2;
    else return { encoding: 'ucs2', units: text.length, limit: UCS2_SEGMENT_LIMIT };
  }
  return { encoding: 'gsm7', units: septets, limit: GSM7_SEGMENT_LIMIT };
}

export type SmsText = { readonly ok: true; readonly text: string; readonly length: SmsLength } | { readonly ok: false; readonly text: string; readonly length: SmsLength; readonly problem: string };

/**
 * The text of an SMS: `Escrow Delivery: ` and then `message` (unless it already starts with the
 * name), checked to fit one segment, so it arrives whole and costs one SMS. Too long is a value,
 * not a throw: a text built from a name or an address can outgrow a segment at run time, and the
 * caller decides (shorten the variable part, or send it anyway as a longer SMS).
 */
export function smsText(message: string): SmsText {
  const trimmed = message.trim();
  const text = trimmed.startsWith(PREFIX) ? trimmed : `${PREFIX}${trimmed}`;
  const length = smsLength(text);
  if (trimmed === '') return { ok: false, text, length, problem: 'the message is empty' };
  if (length.units <= length.limit) return { ok: true, text, length };
  const what = length.encoding === 'gsm7' ? 'GSM-7 characters' : 'UCS-2 characters (it holds a character outside GSM-7)';
  return { ok: false, text, length, problem: `${length.units} ${what}; one SMS holds ${length.limit}` };
}

/**
 * An SMS for the outbox. Throws when the text does not fit one segment: for fixed texts, where
 * that is a programming error a unit test catches (texts with variable parts use `smsText`).
 * `sensitive`: the text holds a secret (a delivery or one-time code), erased from the outbox once sent.
 */
export function smsNotification(to: string, label: string, message: string, options: { sensitive?: boolean } = {}): Notification {
  const sms = smsText(message);
  if (!sms.ok) throw new RangeError(`smsNotification(${label}): ${sms.problem}`);
  return { channel: 'sms', to, subject: label, body: sms.text, ...(options.sensitive ? { sensitive: true } : {}) };
}
