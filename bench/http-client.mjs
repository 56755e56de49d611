// A small HTTP/1.1 client over node:http keep-alive agents, shared by the seeding and the load
// processes of the benchmark. It measures each request from write to the last byte.
import http from 'node:http';
import { randomUUID } from 'node:crypto';

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

export function parse(reply) {
  try {
    return JSON.parse(reply.body);
  } catch {
    return {};
  }
}
