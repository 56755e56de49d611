import { PNG } from '../escrow-support/world.js';
import type { Scenario } from '../escrow-matrix/matrix-scenarios.js';

/** One request the API must refuse with a clear 4xx JSON answer. */
export interface BadRequest {
  readonly label: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly path: string;
  readonly headers: Record<string, string>;
  readonly body?: string | FormData | Uint8Array;
}

type Kind = 'text' | 'optText' | 'money' | 'optMoney' | 'phone' | 'terms' | 'bool' | 'rating' | 'code' | 'receipt' | 'optReceipt' | 'decision' | 'url' | 'payMethod' | 'payer' | 'ref' | 'shortCode' | 'account' | 'locale';

const BIG = 'x'.repeat(100_000);
const common = [[], {}, { nested: { deeper: [1, 2, 3] } }, 1e308, true];
/**
 * Text no database column can hold: a NUL (PostgreSQL refuses the statement) and half a
 * surrogate pair (stored as U+FFFD), alone and inside otherwise good text. Every text field
 * must refuse them with its own message (decision 0040).
 */
export const UNSTORABLE_TEXT = ['\u0000', 'Kamau\u0000', 'Ngong\u0000 Road', 'x\ud800', '\udfffx', 'KMD\u0000 1A', '0712\u0000345678', 'QF1234\u00005678'];

/** Values each kind of field must refuse (every one is invalid for that kind, whatever else is sent). */
const INVALID: Record<Kind, readonly unknown[]> = {
  text: [null, '', '   ', '\t\n', 123, BIG, ...common, ...UNSTORABLE_TEXT],
  optText: [123, -1, BIG, ...common, ...UNSTORABLE_TEXT],
  money: [null, '', '  ', 'abc', '-1', -1, '12.345', '1e5', '0x10', 'NaN', 'Infinity', 10_000_000.01, '10,000', '1_000', ...common],
  optMoney: ['abc', '-5', -5, '12.345', '1e5', 'Infinity', ...common],
  phone: [null, '', '12345', 'abc', '+1 555 0100', '0812345678', "0712345678' OR '1'='1", BIG, 712345678, ...common, ...UNSTORABLE_TEXT],
  terms: [null, false, 'true', 1, 'yes', ...common.slice(0, 2)],
  bool: [null, 'true', 1, 0, 'yes', ...common.slice(0, 2)],
  rating: [null, 0, 6, 3.5, -1, '5', 'five', Number.MAX_SAFE_INTEGER, ...common.slice(0, 2)],
  code: [null, '', '12345', '1234567', 'abcdef', '12 34 56', '012345', 123456, "1' OR '1'='1", ...common.slice(0, 2), '12345\u0000', '123\ud800456'],
  receipt: [null, '', 'short', 'ABC-123-XY', 'ABCDEFGHIJK', '<script>x', 1234567890, "' OR 1=1--", ...common.slice(0, 2), ...UNSTORABLE_TEXT],
  // A reference that may be left out: left out or empty, M-Pesa pays by B2C (a refund with payouts on).
  optReceipt: [null, 'short', 'ABC-123-XY', 'ABCDEFGHIJK', '<script>x', 1234567890, "' OR 1=1--", ...common.slice(0, 2), ...UNSTORABLE_TEXT],
  decision: [null, '', 'REFUND', 'delete', 'approve', 1, ...common.slice(0, 2)],
  url: ['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://example.com/x', 'not a url', 'http://', 123, ...common.slice(0, 2), 'https://maps.example.com/\u0000', 'https://maps.example.com/\ud800'],
  payMethod: [null, 'bitcoin', 'MPESA_PREPAY', 1, ...common.slice(0, 2)],
  payer: [null, 'nobody', 'BUYER', 1, ...common.slice(0, 2)],
  ref: [123, BIG, ...common.slice(0, 2), ...UNSTORABLE_TEXT],
  shortCode: [null, '', '   ', '1234', '12345678', 'abcde', '24 72 47', '=12345', 247247, "12345' OR '1'='1", BIG, ...common, '24724\u00007', '247247\ud800'],
  account: [null, '', '   ', 'x'.repeat(21), '=HYPERLINK("x")', 'ACC#1', '-ACC', 'ACC\n1', 12345, BIG, ...common, ...UNSTORABLE_TEXT],
  // A language of the recipient's texts (decision 0066): 'en' or 'sw', nothing else.
  locale: [null, '', 'fr', 'SW', 'en-KE', ' sw', 1, BIG, ...common.slice(0, 2), 'sw\u0000'],
};

export interface BodySpec {
  readonly valid: (s: Scenario) => Record<string, unknown>;
  readonly fields: Readonly<Record<string, Kind>>;
  /** Fields whose absence makes the body invalid. */
  readonly required: readonly string[];
}

const REASON = { valid: () => ({ reason: 'A good enough reason' }), fields: { reason: 'text' }, required: ['reason'] } as const satisfies BodySpec;

export const ORDER_BODY: BodySpec = {
  valid: () => ({ itemName: 'Fuzzed item', price: '1500', buyerName: 'Wanjiku', buyerPhone: '0722 000 111', buyerAddress: 'Ngong Road', deliveryCost: '200' }),
  fields: { itemName: 'text', price: 'money', buyerName: 'text', buyerPhone: 'phone', buyerAddress: 'text', deliveryCost: 'money', pinLocationLink: 'url', landmark: 'optText', houseNumber: 'optText', estate: 'optText', pickupLocation: 'optText', deliveryPaidBy: 'payer', paymentMethod: 'payMethod', buyerCashAmount: 'optMoney', buyerLocale: 'locale' },
  required: ['itemName', 'price', 'buyerName', 'buyerPhone', 'buyerAddress', 'deliveryCost'],
};

/** The JSON bodies of every endpoint that takes one, by matrix endpoint name. */
export const BODIES: Readonly<Record<string, BodySpec>> = {
  'POST /api/buyer/orders/:id/payment': { valid: () => ({ termsAccepted: true, mpesaReceipt: 'QF12345678' }), fields: { termsAccepted: 'terms', mpesaReceipt: 'receipt' }, required: ['termsAccepted', 'mpesaReceipt'] },
  'POST /api/buyer/orders/:id/refund-request': REASON,
  'POST /api/buyer/orders/:id/feedback': { valid: () => ({ riderRating: 5, sellerRating: 4 }), fields: { riderRating: 'rating', sellerRating: 'rating', comment: 'optText' }, required: ['riderRating', 'sellerRating'] },
  'POST /api/rider/orders/:id/complete': { valid: (s) => ({ deliveryCode: s.order.deliveryCode }), fields: { deliveryCode: 'code' }, required: ['deliveryCode'] },
  'POST /api/rider/orders/:id/payment-confirmation': { valid: () => ({ paymentReceived: true }), fields: { paymentReceived: 'bool', paymentIssue: 'optText' }, required: ['paymentReceived'] },
  'POST /api/rider/orders/:id/refund-request': REASON,
  'PUT /api/rider/orders/:id/locale': { valid: () => ({ locale: 'sw' }), fields: { locale: 'locale' }, required: ['locale'] },
  'PUT /api/buyer/orders/:id/locale': { valid: () => ({ locale: 'sw' }), fields: { locale: 'locale' }, required: ['locale'] },
  'POST /api/rider/phone-code': { valid: (s) => ({ phone: s.phones.r3 }), fields: { phone: 'phone' }, required: ['phone'] },
  'POST /api/rider/phone-proof': { valid: (s) => ({ phone: s.phones.r3, code: '123456' }), fields: { phone: 'phone', code: 'code' }, required: ['phone', 'code'] },
  'POST /api/seller/orders': ORDER_BODY,
  'POST /api/seller/orders/:id/cancel': { valid: () => ({}), fields: { reason: 'optText' }, required: [] },
  'POST /api/seller/orders/:id/rider': { valid: (s) => ({ riderId: s.riderId }), fields: { riderId: 'ref' }, required: ['riderId'] },
  'POST /api/seller/orders/:id/refund-request': REASON,
  'POST /api/seller/riders': { valid: () => ({ name: 'Kamau', phone: '0712 999 000', motorbikePlate: 'KMD 1A' }), fields: { name: 'text', phone: 'phone', motorbikePlate: 'text' }, required: ['name', 'phone', 'motorbikePlate'] },
  'PUT /api/seller/profile/notifications': { valid: () => ({ notifyBySms: true, notifyByEmail: true }), fields: { notifyBySms: 'bool', notifyByEmail: 'bool' }, required: ['notifyBySms', 'notifyByEmail'] },
  'POST /api/admin/orders/:id/settlement': { valid: () => ({}), fields: { reference: 'ref' }, required: [] },
  'POST /api/admin/payouts/:id/reference': { valid: () => ({ reference: 'QM12345678' }), fields: { reference: 'receipt' }, required: ['reference'] },
  // With payouts by M-Pesa (the fuzz worlds have them), a refund without a reference is paid by B2C.
  'POST /api/admin/refund-requests/:id/resolve': { valid: () => ({ decision: 'refund', mpesaReference: 'RFD1234567' }), fields: { decision: 'decision', mpesaReference: 'optReceipt', note: 'optText' }, required: ['decision'] },
  'PUT /api/admin/payment-config': {
    valid: () => ({ businessNumber: '247247', accountNumber: 'ESCROW-1', accountName: 'Escrow Ltd' }),
    fields: { businessNumber: 'shortCode', accountNumber: 'account', accountName: 'text' },
    required: ['businessNumber', 'accountNumber', 'accountName'],
  },
};

/** The CSV export's query: dates that are not real YYYY-MM-DD days, a backwards range, injection. */
export const BAD_EXPORT_QUERIES = ['from=2026-02-30', 'to=2026-13-01', 'from=30-11-2026', 'from=2026-12-01&to=2026-01-01', 'from=%00', "from=2026-01-01'--", 'to=%3Cscript%3E', `from=${'9'.repeat(3_000)}`];

const MALFORMED_JSON = ['', '   ', '{', '{"a":', '{"a":1,}', "{'a':1}", 'undefined', '{"a":1}{"b":2}', '[1,2', '\u0000', '{"a":"\\x41"}', '[' .repeat(50_000), `${'{"a":'.repeat(2_000)}1${'}'.repeat(1_999)}`];
const NOT_AN_OBJECT = ['null', '[]', '"text"', '42', 'true', '[{"reason":"A good enough reason"}]', '""'];
const WRONG_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'text/html', 'multipart/form-data', 'application/octet-stream', 'image/png'];

const json = (value: unknown) => ({ headers: { 'content-type': 'application/json' } as Record<string, string>, body: JSON.stringify(value) });

/** Every way to get a JSON body wrong for one endpoint. */
export function badBodies(spec: BodySpec, s: Scenario): { label: string; headers: Record<string, string>; body: string }[] {
  const out: { label: string; headers: Record<string, string>; body: string }[] = [];
  const valid = spec.valid(s);
  for (const text of MALFORMED_JSON) out.push({ label: `malformed JSON ${JSON.stringify(text.slice(0, 12))}`, headers: { 'content-type': 'application/json' }, body: text });
  for (const text of NOT_AN_OBJECT) {
    // A body that is not an object is missing every field; with no required field it would be valid.
    if (spec.required.length > 0 || text !== 'null') out.push({ label: `JSON ${text}`, headers: { 'content-type': 'application/json' }, body: text });
  }
  for (const type of WRONG_TYPES) {
    // Part A's JSON routes read any other type as "no fields": refused when a field is required.
    out.push({ label: `Content-Type ${type}`, headers: { 'content-type': type }, body: JSON.stringify(valid) });
  }
  for (const [field, kind] of Object.entries(spec.fields)) {
    for (const value of INVALID[kind]) out.push({ label: `${field} = ${JSON.stringify(value)?.slice(0, 30)}`, ...json({ ...valid, [field]: value }) });
  }
  for (const field of spec.required) {
    const { [field]: _dropped, ...rest } = valid;
    out.push({ label: `without ${field}`, ...json(rest) });
  }
  return out;
}

/** Ids that are not ids: traversal, SQL, markup, control characters, absurd lengths. */
export const BAD_IDS = ['..%2F..%2Fescrow.sqlite', '..%5C..%5Cwindows', '%00', "1'%20OR%20'1'%3D'1", '1%3B%20DROP%20TABLE%20orders', '%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'x'.repeat(3_000), '%F0%9F%98%80', 'null', '-1', '%20', '%E0%A4%A'];

export const BAD_QUERIES = ['page=0', 'page=-1', 'page=abc', 'page=1e3', 'page=99999999', 'page=1.5', 'pageSize=0', 'pageSize=101', 'pageSize=%3Cscript%3E', "page=1'%20OR%201=1", 'page=1&page=2'];

/** The payouts list reads `failed` and `limit` (1-500), not pages. */
export const BAD_PAYOUT_QUERIES = ['failed=yes', 'failed=%3Cscript%3E', 'failed=0', 'limit=0', 'limit=-1', 'limit=abc', 'limit=501', 'limit=1.5', "limit=1'%20OR%201=1"];

export const BAD_CODES = ['   ', 'x'.repeat(10_000), "' OR 1=1 --", '<script>alert(1)</script>', '12345\u00e9', '\u00bd\u00bd\u00bd\u00bd\u00bd\u00bd', '123456\u0007', '000000', '999999999999'];
export const BAD_PHONES = ['abc', '+1 555 0100', 'x'.repeat(100), "0712345678' OR '1'='1", '<b>0712345678</b>', '07123', '+254 7'];
export const BAD_IDEMPOTENCY_KEYS = ['short', 'has spaces in the key 123', 'x'.repeat(200), '<script>alert(1)</script>xx', "'; DROP TABLE idempotency_keys;--", 'cl\u00e9-d\u00e9j\u00e0-utilis\u00e9e-1234'];
export const BAD_COOKIES = ['session=garbage', `session=${'x'.repeat(5_000)}`, "session=' OR '1'='1", 'session=%00%00', 'session=;;;;'];

/** Rider proof cookies no server made (decision 0046): each is simply no proof. */
export const BAD_RIDER_PROOFS = ['rider_proof=garbage', `rider_proof=${'x'.repeat(5_000)}`, "rider_proof=' OR '1'='1", 'rider_proof=%00%00', 'rider_proof=;;;;', 'rider_proof=../../etc/passwd'];

export const BAD_UPLOAD_PATHS = [
  '/uploads/order-photos/products/..%2F..%2F..%2Fescrow.sqlite',
  '/uploads/order-photos/..%2F..%2Fescrow.sqlite/x.png',
  '/uploads/order-photos/products/%2e%2e%2f%2e%2e%2f%2e%2e%2fescrow.sqlite',
  '/uploads/order-photos/products/....%2F%2F....%2F%2Fescrow.sqlite',
  '/uploads/order-photos/secret/x.png',
  '/uploads/order-photos/products/%00.png',
  `/uploads/order-photos/products/${'a'.repeat(5_000)}.png`,
  '/uploads/order-photos/products/..%5C..%5Cescrow.sqlite',
  '/uploads/order-photos/pickup/%2Fetc%2Fpasswd',
  '/uploads/order-photos/products/nothing-here.png',
];

/** Broken multipart uploads for a `photo` (pickup) or `productPhoto` (create order) field. */
export function badUploads(field: string, extra: Record<string, string> = {}): { label: string; headers: Record<string, string>; body: string | FormData }[] {
  const form = (name: string, bytes: Uint8Array | string, filename: string) => {
    const f = new FormData();
    for (const [k, v] of Object.entries(extra)) f.set(k, v);
    f.set(name, typeof bytes === 'string' ? bytes : new File([Buffer.from(bytes)], filename, { type: 'image/png' }));
    return f;
  };
  const html = new TextEncoder().encode('<html><body><script>alert(document.cookie)</script></body></html>');
  const elf = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0]);
  return [
    { label: 'multipart without boundary', headers: { 'content-type': 'multipart/form-data' }, body: `--x\r\nContent-Disposition: form-data; name="${field}"\r\n\r\nx\r\n--x--` },
    { label: 'multipart with a wrong boundary', headers: { 'content-type': 'multipart/form-data; boundary=abc' }, body: `--zzz\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\n\r\nx\r\n--zzz--` },
    { label: 'multipart truncated', headers: { 'content-type': 'multipart/form-data; boundary=abc' }, body: `--abc\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG` },
    { label: 'HTML named ../../../etc/passwd', headers: {}, body: form(field, html, '../../../etc/passwd') },
    { label: 'HTML named x.png', headers: {}, body: form(field, html, 'x.png') },
    { label: 'ELF binary named ..\\..\\photo.jpg', headers: {}, body: form(field, elf, '..\\..\\photo.jpg') },
    { label: 'empty file', headers: {}, body: form(field, new Uint8Array(), 'empty.png') },
    { label: 'SVG with a script', headers: {}, body: form(field, new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'x.svg') },
    { label: 'PNG header cut short', headers: {}, body: form(field, PNG.slice(0, 4), '%2e%2e%2fx.png') },
  ];
}
