// One keep-alive HTTP/1.1 connection for the load generator, written on node:net directly.
// node:http's client costs about 0.25 ms of CPU per request on this machine, as much as the
// API's own work for a buyer read, and the generator shares the machine's two cores with the
// API: its overhead would be measured as the API's slowness. This one writes a prepared request
// and reads the answer's status, length and body; nothing else (no redirects, no 1xx, no
// pipelining: one request in flight per connection, as a closed-loop client has).
import { connect } from 'node:net';

const CRLF_CRLF = Buffer.from('\r\n\r\n');

/** Opens a connection to `base` (http://host:port); resolves once connected. */
export function openConnection(base) {
  const url = new URL(base);
  const host = `${url.hostname}:${url.port}`;
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port), noDelay: true });
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(new LeanConnection(socket, host));
    });
  });
}

class LeanConnection {
  constructor(socket, host) {
    this.socket = socket;
    this.host = host;
    this.pending = null;
    this.chunks = [];
    this.closed = false;
    socket.on('data', (chunk) => this.onData(chunk));
    const fail = (error) => {
      this.closed = true;
      const pending = this.pending;
      this.pending = null;
      pending?.reject(error ?? new Error('connection closed'));
    };
    socket.on('error', fail);
    socket.on('close', () => fail(new Error('connection closed')));
  }

  /** { method, path, headers, json, raw } as in http-client.mjs; resolves { status, body, ms }. */
  request({ method = 'GET', path, headers = {}, json, raw }) {
    if (this.closed) return Promise.reject(new Error('connection closed'));
    let payload = null;
    let head = `${method} ${path} HTTP/1.1\r\nhost: ${this.host}\r\n`;
    for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
    if (json !== undefined) {
      payload = Buffer.from(JSON.stringify(json));
      head += 'content-type: application/json\r\n';
    } else if (raw !== undefined) {
      payload = raw.body;
      for (const [name, value] of Object.entries(raw.headers)) head += `${name}: ${value}\r\n`;
    }
    if (payload) head += `content-length: ${payload.length}\r\n`;
    head += '\r\n';
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject, started: process.hrtime.bigint() };
      this.chunks = [];
      if (payload) this.socket.write(Buffer.concat([Buffer.from(head), payload]));
      else this.socket.write(head);
    });
  }

  onData(chunk) {
    if (!this.pending) return;
    this.chunks.push(chunk);
    const data = this.chunks.length === 1 ? chunk : Buffer.concat(this.chunks);
    this.chunks = [data];
    const headEnd = data.indexOf(CRLF_CRLF);
    if (headEnd === -1) return;
    const head = data.toString('latin1', 0, headEnd);
    const status = Number(head.slice(9, 12));
    const lengthMatch = /\r\ncontent-length: *(\d+)/i.exec(head);
    const bodyStart = headEnd + 4;
    let body;
    if (lengthMatch) {
      const end = bodyStart + Number(lengthMatch[1]);
      if (data.length < end) return;
      body = data.toString('utf8', bodyStart, end);
    } else if (/\r\ntransfer-encoding: *chunked/i.test(head)) {
      body = decodeChunked(data, bodyStart);
      if (body === null) return;
    } else {
      body = '';
    }
    const { resolve, started } = this.pending;
    this.pending = null;
    this.chunks = [];
    resolve({ status, body, ms: Number(process.hrtime.bigint() - started) / 1e6 });
  }

  close() {
    this.closed = true;
    this.socket.destroy();
  }
}

/** The body of a complete chunked message, or null while it is incomplete. */
function decodeChunked(data, start) {
  const parts = [];
  let at = start;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at, 'latin1');
    if (lineEnd === -1) return null;
    const size = parseInt(data.toString('latin1', at, lineEnd), 16);
    if (Number.isNaN(size)) throw new Error('bad chunked encoding');
    const chunkStart = lineEnd + 2;
    // The last chunk: "0\r\n" then "\r\n" (the server sends no trailers).
    if (size === 0) return data.length >= chunkStart + 2 ? Buffer.concat(parts).toString('utf8') : null;
    if (data.length < chunkStart + size + 2) return null;
    parts.push(data.subarray(chunkStart, chunkStart + size));
    at = chunkStart + size + 2;
  }
}
