import type { SimSms } from '../public-types.js';

/**
 * The SMS inbox of one phone, newest first, as HTML. It renders on the server (the first paint)
 * and in the browser (every refresh): the page embeds this function's own source, so it must use
 * nothing from outside its body.
 */
export function renderSmsList(messages: readonly SimSms[]): string {
  const esc = (value: unknown): string => String(value).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  // Nairobi time (UTC+3, no daylight saving): "15/01 09:30".
  const nairobi = (iso: string): string => {
    const eat = new Date(Date.parse(iso) + 3 * 3_600_000);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${two(eat.getUTCDate())}/${two(eat.getUTCMonth() + 1)} ${two(eat.getUTCHours())}:${two(eat.getUTCMinutes())}`;
  };
  // Links in a text are tappable, as on a phone: http(s) only, without a full stop or comma that
  // ends the sentence, and the rest of the text escaped.
  const linked = (text: string): string =>
    text
      .split(/(https?:\/\/[^\s<>"']*[^\s<>"'.,;:!?])/)
      .map((part, i) => (i % 2 === 1 ? `<a href="${esc(part)}" rel="noreferrer">${esc(part)}</a>` : esc(part)))
      .join('');
  const delivery: Record<string, string> = { Success: 'Delivered', Failed: 'Not delivered', Rejected: 'Rejected by the network', Sent: 'Sent', Submitted: 'Sent', Buffered: 'Waiting for the phone' };
  if (messages.length === 0) return '<p class="empty">No messages yet.</p>';
  let html = '<ol class="sms-list">';
  for (const m of messages) {
    const last = m.deliveryReports[m.deliveryReports.length - 1];
    html +=
      `<li class="sms" data-id="${esc(m.messageId)}">` +
      `<p class="meta"><span class="from">${esc(m.from ?? 'AFRICASTKNG')}</span> <time datetime="${esc(m.receivedAt)}">${nairobi(m.receivedAt)}</time></p>` +
      `<p class="text">${linked(m.message)}</p>` +
      (last ? `<p class="delivery">${esc(delivery[last.status] ?? last.status)}</p>` : '') +
      '</li>';
  }
  return `${html}</ol>`;
}

/** The phones that received an SMS, latest first, each a link to its inbox. Embedded too: self-contained. */
export function renderRecipientList(numbers: readonly string[]): string {
  const esc = (value: unknown): string => String(value).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  if (numbers.length === 0) return '<p class="empty">No phone has received an SMS yet.</p>';
  return `<ul class="recipients">${numbers.map((n) => `<li><a href="/phone/sms?number=${encodeURIComponent(n)}">${esc(n)}</a></li>`).join('')}</ul>`;
}
