/**
 * What no log line may hold, whoever wrote it (decision 0068): a full phone number (masked to
 * 2547•••••123), a secret in a query string (`?code=`, `?key=`, `?phone=`, `?token=`: buyer and
 * rider links, Google's callback), a bearer token or a session or payer cookie in text, and a
 * 6-digit code under a field named like a code, and the value of any field named like a secret
 * (password, token, deliveryCode, a cookie or credential header...) at any depth.
 *
 * The field names are checked here, in the one walk every line's fields already take, not by
 * pino's `redact`: its wildcard paths (`*.password`) cost about 15 us per line, which was most of
 * an access line's price (docs/perf/2026-11-29-access-log-cost.md).
 */

// Kenyan mobile numbers as people and systems write them: +254712345678, 254712345678, 0712 345 678.
// Not inside a longer token (an id, a key: letters, digits, _ or - around it).
const PHONE = /(?<![\w-])(?:\+?254|0)[\s-]?([17])(\d{2})[\s-]?(\d{3})[\s-]?(\d{3})(?!\w)/g;
const SECRET_QUERY = /([?&](?:code|key|phone|token|state|viewKey|k)=)[^&#\s"']*/gi;
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g;
const COOKIE_VALUE = /\b((?:__Host-)?session|payer_[A-Za-z0-9_-]+)=[^;,\s"']+/g;
const CODE_FIELD = /code/i;
const SIX_DIGITS = /^\s*\d{6}\s*$/;
const MAX_DEPTH = 5;
/** Field names whose values are secrets whatever they hold, at any depth. */
const SECRET_FIELDS: ReadonlySet<string> = new Set([
  'password',
  'currentPassword',
  'newPassword',
  'token',
  'sessionToken',
  'session',
  'cookie',
  'authorization',
  'deliveryCode',
  'viewKey',
  'riderKey',
  'payerToken',
  'resetCode',
  'apiKey',
  'secret',
  'securityCredential',
  'consumerSecret',
  'passkey',
]);
/** Header names (any case) whose values are credentials. */
const SECRET_HEADERS: ReadonlySet<string> = new Set(['cookie', 'set-cookie', 'authorization', 'x-delivery-code', 'x-rider-key', 'x-rider-phone']);
const REDACTED = '[redacted]';

/** The text with phone numbers masked and secrets in query strings, headers and cookies replaced. */
export function scrubLogText(text: string): string {
  // Cheap exits first: most messages hold no digit run, no '=' and no 'Bearer'.
  let scrubbed = text;
  if (/\d{7}/.test(scrubbed) || /\d{3}[\s-]\d{3}/.test(scrubbed)) scrubbed = scrubbed.replace(PHONE, (_all, first: string, _b: string, _c: string, last: string) => `254${first}•••••${last}`);
  if (scrubbed.includes('=')) scrubbed = scrubbed.replace(SECRET_QUERY, '$1[redacted]').replace(COOKIE_VALUE, '$1=[redacted]');
  if (scrubbed.includes('Bearer') || scrubbed.includes('Basic')) scrubbed = scrubbed.replace(BEARER, '$1 [redacted]');
  return scrubbed;
}

/** `fields` with every string scrubbed (at any depth up to 5), errors as name, message, code, stack and cause. */
export function scrubLogFields(fields: Record<string, unknown>): Record<string, unknown> {
  return scrubObject(fields, 0);
}

function scrubObject(object: Record<string, unknown>, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(object)) {
    if (SECRET_FIELDS.has(key) || SECRET_HEADERS.has(key.toLowerCase())) out[key] = REDACTED;
    else out[key] = typeof value === 'string' && CODE_FIELD.test(key) && SIX_DIGITS.test(value) ? REDACTED : scrubValue(value, depth + 1);
  }
  return out;
}

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return scrubLogText(value);
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  if (value instanceof Error) return scrubObject(errorFields(value), depth);
  if (value instanceof Date) return value.toISOString();
  return scrubObject(value as Record<string, unknown>, depth);
}

function errorFields(error: Error): Record<string, unknown> {
  const code = (error as { code?: unknown }).code;
  return {
    name: error.name,
    message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(error.stack ? { stack: error.stack } : {}),
    ...(error.cause !== undefined ? { cause: error.cause } : {}),
  };
}
