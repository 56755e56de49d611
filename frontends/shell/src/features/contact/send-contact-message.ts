import { SERVICE_UNAVAILABLE_MESSAGE } from '@escrow/ui/api/request-json';
import type { ContactFormOutput } from '@escrow/core/validation';

export type SendOutcome =
  | { readonly kind: 'sent' }
  /** The server refused the message and said why (400 with the first failing rule, 429, 413; 503: briefly unavailable). */
  | { readonly kind: 'refused'; readonly status: number; readonly message: string }
  /** No usable answer: offline, a timeout or a server error. */
  | { readonly kind: 'failed' };

const TIMEOUT_MS = 20_000;

function errorMessageOf(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return undefined;
  const message = (error as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/** POST /api/contact. Never throws. */
export async function sendContactMessage(message: ContactFormOutput): Promise<SendOutcome> {
  try {
    const response = await fetch('/api/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (response.ok) return { kind: 'sent' };
    // The service is briefly unavailable (the database or the disk): say so, the message can be sent again.
    if (response.status === 503) return { kind: 'refused', status: 503, message: SERVICE_UNAVAILABLE_MESSAGE };
    if (response.status >= 500) return { kind: 'failed' };
    const text = errorMessageOf(await response.json().catch(() => undefined));
    return text ? { kind: 'refused', status: response.status, message: text } : { kind: 'failed' };
  } catch {
    return { kind: 'failed' };
  }
}
