import type { SimPrompt } from '../public-types.js';

/**
 * The phone page's list of prompts, as HTML. It renders on the server (the first paint) and in
 * the browser (every refresh): the page embeds this function's own source, so it must use
 * nothing from outside its body, not even a helper from this file.
 */
export function renderPromptList(prompts: readonly SimPrompt[]): string {
  const esc = (value: unknown): string => String(value).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const ksh = (amount: number): string => `KSh ${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
  const newestFirst = prompts.slice().sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  const pending = newestFirst.filter((p) => p.status === 'pending');
  const finished = newestFirst.filter((p) => p.status !== 'pending').slice(0, 20);

  let html = pending.length === 0 ? '<p class="empty">No payment requests waiting.</p>' : '';
  for (const p of pending) {
    const id = esc(p.checkoutRequestId);
    html +=
      `<article class="prompt" data-id="${id}">` +
      `<p class="phone">Phone ${esc(p.msisdn)}</p>` +
      `<p class="ask">Pay ${ksh(p.amount)} to ${esc(p.businessName)} account ${esc(p.accountReference)}?</p>` +
      `<form class="pin-form" data-id="${id}">` +
      `<label for="pin-${id}">M-Pesa PIN</label>` +
      `<input id="pin-${id}" name="pin" type="password" inputmode="numeric" autocomplete="off" required>` +
      `<div class="actions"><button type="submit">Approve</button>` +
      `<button type="button" class="cancel" data-id="${id}">Cancel</button></div>` +
      `</form></article>`;
  }
  if (finished.length > 0) {
    html += '<h3>Finished</h3><ul class="finished">';
    for (const p of finished) {
      const result =
        p.status === 'succeeded'
          ? `Paid ${ksh(p.amountPaid ?? p.amount)}, receipt ${esc(p.receiptNumber)}`
          : `${esc(p.resultDesc)} (${esc(p.resultCode)})`;
      html +=
        `<li data-id="${esc(p.checkoutRequestId)}" class="${esc(p.status)}">` +
        `<span class="phone">${esc(p.msisdn)}</span> ${ksh(p.amount)} to ${esc(p.businessName)} account ${esc(p.accountReference)}: ` +
        `<strong>${result}</strong></li>`;
    }
    html += '</ul>';
  }
  return html;
}
