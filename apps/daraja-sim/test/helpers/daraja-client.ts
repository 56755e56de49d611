// A deliberately plain Daraja client for the tests: it builds requests the way the fact sheet
// describes them, without importing anything from the simulator, so a simulator bug in (say)
// the password cannot cancel itself out.

export const CONSUMER = { key: 'sim-consumer-key', secret: 'sim-consumer-secret' };
export const SHORT_CODE = '174379';
export const PASSKEY = 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919';
export const TIMESTAMP = '20260115093000';

export function password(shortCode: string, passkey: string, timestamp: string): string {
  return Buffer.from(shortCode + passkey + timestamp).toString('base64');
}

export interface Answer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  return { status: response.status, body: text === '' ? null : JSON.parse(text) };
}

export class DarajaClient {
  constructor(private readonly baseUrl: string) {}

  async oauth(authorization: string | null, grantType = 'client_credentials'): Promise<Answer> {
    const headers: Record<string, string> = authorization === null ? {} : { authorization };
    return answer(await fetch(`${this.baseUrl}/oauth/v1/generate?grant_type=${grantType}`, { headers }));
  }

  static basic(key: string, secret: string): string {
    return `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`;
  }

  async token(): Promise<string> {
    const reply = await this.oauth(DarajaClient.basic(CONSUMER.key, CONSUMER.secret));
    if (reply.status !== 200) throw new Error(`no token: ${JSON.stringify(reply.body)}`);
    return reply.body.access_token as string;
  }

  /** POSTs `body` (an object, or raw text) with a Bearer token (a fresh one unless given). */
  async post(path: string, body: unknown, token?: string | null): Promise<Answer> {
    const bearer = token === undefined ? await this.token() : token;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
    return answer(await fetch(`${this.baseUrl}${path}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) }));
  }

  stkPush(overrides: Record<string, unknown>, token?: string | null): Promise<Answer> {
    return this.post('/mpesa/stkpush/v1/processrequest', stkPushBody(overrides), token);
  }

  stkQuery(checkoutRequestId: string, overrides: Record<string, unknown> = {}): Promise<Answer> {
    return this.post('/mpesa/stkpushquery/v1/query', {
      BusinessShortCode: SHORT_CODE,
      Password: password(SHORT_CODE, PASSKEY, TIMESTAMP),
      Timestamp: TIMESTAMP,
      CheckoutRequestID: checkoutRequestId,
      ...overrides,
    });
  }
}

export function stkPushBody(overrides: Record<string, unknown>): Record<string, unknown> {
  return {
    BusinessShortCode: SHORT_CODE,
    Password: password(SHORT_CODE, PASSKEY, TIMESTAMP),
    Timestamp: TIMESTAMP,
    TransactionType: 'CustomerPayBillOnline',
    Amount: 1500,
    PartyA: '254708374149',
    PartyB: SHORT_CODE,
    PhoneNumber: '254708374149',
    CallBackURL: 'http://127.0.0.1:1/stk',
    AccountReference: 'ORDER123',
    TransactionDesc: 'Escrow order',
    ...overrides,
  };
}

/** Every Daraja error is exactly `{requestId, errorCode, errorMessage}`. */
export function expectDarajaError(reply: Answer, status: number, errorCode: string, errorMessage: string): void {
  const problems: string[] = [];
  if (reply.status !== status) problems.push(`status ${reply.status}, wanted ${status}`);
  const keys = reply.body && typeof reply.body === 'object' ? Object.keys(reply.body).sort().join(',') : String(reply.body);
  if (keys !== 'errorCode,errorMessage,requestId') problems.push(`keys ${keys}`);
  if (reply.body?.errorCode !== errorCode) problems.push(`errorCode ${reply.body?.errorCode}, wanted ${errorCode}`);
  if (reply.body?.errorMessage !== errorMessage) problems.push(`errorMessage ${reply.body?.errorMessage}, wanted ${errorMessage}`);
  if (typeof reply.body?.requestId !== 'string' || reply.body.requestId === '') problems.push('no requestId');
  if (problems.length > 0) throw new Error(`not the Daraja error expected: ${problems.join('; ')} (body ${JSON.stringify(reply.body)})`);
}
