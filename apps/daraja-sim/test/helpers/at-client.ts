// A deliberately plain Africa's Talking SMS client for the tests: requests built from the fact
// sheet (section 8), nothing imported from the simulator or from our adapter.

export const AT_USERNAME = 'sandbox';
export const AT_API_KEY = 'sim-at-api-key';

export interface AtAnswer {
  status: number;
  type: string | null;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface AtSend {
  to: string;
  message: string;
  from?: string;
  username?: string;
  apiKey?: string | null;
  accept?: string;
  /** Raw body instead of the form (with its content type). */
  raw?: { body: string; type: string };
  /** Extra form fields, appended as they are (a field twice, for instance). */
  extra?: [string, string][];
}

export async function sendSms(baseUrl: string, o: AtSend): Promise<AtAnswer> {
  const form = new URLSearchParams({ username: o.username ?? AT_USERNAME, to: o.to, message: o.message, bulkSMSMode: '1', enqueue: '1', ...(o.from ? { from: o.from } : {}) });
  for (const [name, value] of o.extra ?? []) form.append(name, value);
  const headers: Record<string, string> = { accept: o.accept ?? 'application/json', 'content-type': o.raw?.type ?? 'application/x-www-form-urlencoded' };
  if (o.apiKey !== null) headers['apiKey'] = o.apiKey ?? AT_API_KEY;
  const response = await fetch(`${baseUrl}/version1/messaging`, { method: 'POST', headers, body: o.raw?.body ?? form.toString() });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    body = null;
  }
  return { status: response.status, type: response.headers.get('content-type'), text, body };
}
