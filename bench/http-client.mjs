// A small HTTP/1.1 client over node:http keep-alive agents, shared by the seeding and the load
// processes of the benchmark. It measures each request from write to the last byte.
import http from 'node:http';
import { createHash, randomInt, randomUUID } from 'node:crypto';

export function keepAliveAgent(connections) {
  return new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections, scheduling: 'fifo' });
}

/**
 * A request's headers and body: `json` sets the body and Content-Type; `raw` is a prepared
 * body with its own headers (multipart).
 */
export function encodeBody({ headers = {}, json, raw }) {
  const all = { ...headers };
  let payload;
  if (json !== undefined) {
    payload = Buffer.from(JSON.stringify(json));
    all['content-type'] = 'application/json';
  } else if (raw !== undefined) {
    payload = raw.body;
    Object.assign(all, raw.headers);
  }
  if (payload) all['content-length'] = String(payload.length);
  return { headers: all, payload };
}

/**
 * One request (`json` or `raw` as encodeBody takes them); resolves { status, body, ms, headers }.
 * `timeoutMs`: a request with no complete answer by then fails with an error whose code is 'ETIMEDOUT'.
 */
export function request(agent, base, { method = 'GET', path, headers, json, raw, timeoutMs }) {
  return new Promise((resolve, reject) => {
    const url = new URL(path, base);
    const { headers: all, payload } = encodeBody({ headers, json, raw });
    const started = process.hrtime.bigint();
    const req = http.request({ agent, hostname: url.hostname, port: url.port, path: url.pathname + url.search, method, headers: all }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const ms = Number(process.hrtime.bigint() - started) / 1e6;
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms, headers: res.headers });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    if (timeoutMs !== undefined) {
      const timer = setTimeout(() => req.destroy(Object.assign(new Error(`no answer in ${timeoutMs} ms`), { code: 'ETIMEDOUT' })), timeoutMs);
      req.once('close', () => clearTimeout(timer));
    }
    if (payload) req.write(payload);
    req.end();
  });
}

export const idempotencyKey = () => ({ 'idempotency-key': randomUUID() });

/** The smallest valid PNG (1x1): what a rider's pickup photo is, as far as the server checks. */
export const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5f6c5c10000000049454e44ae426082', 'hex');

export function photoUpload(field = 'photo', bytes = PNG) {
  const boundary = `----bench${randomUUID().replace(/-/g, '')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="pickup.png"\r\nContent-Type: image/png\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body: Buffer.concat([head, bytes, tail]) };
}

let receiptCounter = 0;
/** A fresh, unique 10-character M-Pesa confirmation code. */
export function mpesaReceipt() {
  receiptCounter += 1;
  return `B${process.pid.toString(36).toUpperCase().padStart(4, '0').slice(-4)}${receiptCounter.toString(36).toUpperCase().padStart(5, '0')}`.slice(0, 10);
}

/**
 * The callback path's secret of every API these scripts start (MPESA_CALLBACK_SECRET, set by
 * api-process.mjs's apiDatabase): with it alone, and no Daraja credentials, the API serves the
 * M-Pesa callback routes (decision 0042), and the scripts pay orders as M-Pesa does.
 */
export const MPESA_CALLBACK_SECRET = 'b3e1c0d2f4a59687e0c1b2a3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f607';

/** Where Safaricom POSTs a C2B confirmation: a Paybill payment that happened. */
export const c2bConfirmationPath = (secret = MPESA_CALLBACK_SECRET) => `/api/payments/callbacks/${secret}/c2b/confirmation`;

/** What the API answers a C2B confirmation it took (a repeat too: it is stored once by TransID). */
export const C2B_ACK = { ResultCode: 0, ResultDesc: 'Success' };

/** Integer cents as M-Pesa writes shillings: 350050 -> '3500.50'. */
export const shillings = (cents) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** YYYYMMDDHHmmss in Nairobi time (UTC+3, no daylight saving), as Daraja's TransTime. */
function nairobiTime(at) {
  const t = new Date(at.getTime() + 3 * 3_600_000).toISOString();
  return t.slice(0, 19).replace(/[-T:]/g, '');
}

/**
 * The body of a C2B confirmation for a Paybill payment of an order (the Daraja fact sheet,
 * section 4: flat JSON, all strings): `transId` (default a fresh receipt) paid `amountCents`
 * (default the order's price) to shortcode 174379 with the order's tracking number as the
 * account number; MSISDN the SHA-256 hex of a phone number, as Safaricom sends it now.
 * `order`: the create-order answer's { trackingNumber, price (cents) }.
 */
export function c2bConfirmation(order, { transId = mpesaReceipt(), amountCents = order.price, at = new Date() } = {}) {
  const phone = `2547${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
  return {
    TransactionType: 'Pay Bill',
    TransID: transId,
    TransTime: nairobiTime(at),
    TransAmount: shillings(amountCents),
    BusinessShortCode: '174379',
    BillRefNumber: order.trackingNumber,
    InvoiceNumber: '',
    OrgAccountBalance: '',
    ThirdPartyTransID: '',
    MSISDN: createHash('sha256').update(phone).digest('hex'),
    FirstName: 'Bench',
    MiddleName: '',
    LastName: 'Buyer',
  };
}

/** True when `reply` is the API's acknowledgement of a C2B confirmation: 200 {ResultCode:0, ResultDesc:'Success'}. */
export function isC2bAck(reply) {
  if (reply.status !== 200) return false;
  const body = parse(reply);
  return body.ResultCode === C2B_ACK.ResultCode && body.ResultDesc === C2B_ACK.ResultDesc;
}

export function parse(reply) {
  try {
    return JSON.parse(reply.body);
  } catch {
    return {};
  }
}

/** The key of an order's buyer link (`/buyer/order/{id}?code=<view key>`): what the buyer page sends. */
export const viewKeyOf = (order) => new URL(order.links.buyer).searchParams.get('code') ?? '';
