import type { SimSms } from '../public-types.js';
import { renderRecipientList, renderSmsList } from './sms-list-view.js';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.4 system-ui,sans-serif;background:#f2f4f3;color:#111}
main{max-width:420px;margin:0 auto;padding:12px}
h1{font-size:1.25rem;margin:4px 0 12px}h1 small{font-weight:normal;color:#555}
h2{font-size:1.1rem;margin:0 0 8px;overflow-wrap:anywhere}
section,form{background:#fff;border-radius:12px;padding:12px;margin-bottom:12px;box-shadow:0 1px 2px #0002}
label{display:block;font-weight:600;margin:0 0 4px}
input{width:100%;font-size:1.1rem;padding:10px;border:1px solid #888;border-radius:8px}
button{width:100%;min-height:44px;margin-top:10px;font-size:1rem;border:0;border-radius:8px;background:#2e7d32;color:#fff;padding:10px}
button:focus-visible,input:focus-visible,a:focus-visible{outline:3px solid #1565c0;outline-offset:2px}
ol,ul{list-style:none;margin:0;padding:0}
.sms{border-left:4px solid #2e7d32;background:#f7faf7;border-radius:8px;padding:8px 10px;margin-bottom:10px}
.meta{display:flex;justify-content:space-between;gap:8px;margin:0;color:#555;font-size:.85rem}.from{font-weight:600;color:#111}
.text{margin:6px 0 0;white-space:pre-wrap;overflow-wrap:anywhere}
.delivery{margin:6px 0 0;color:#555;font-size:.85rem}
.recipients li{margin:8px 0}.recipients a{display:inline-block;min-height:44px;padding:10px 0;color:#1565c0}
.empty,.problem{color:#555}.problem{color:#b71c1c;font-weight:600}
`;

const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const attr = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export interface SmsPhoneView {
  /** The number asked for, as typed (the form shows it back). */
  typed: string;
  /** Its E.164 form, or null when none or not a Kenyan mobile number. */
  number: string | null;
  messages: readonly SimSms[];
  recipients: readonly string[];
}

/**
 * GET /phone/sms?number=0712345678: a phone's SMS inbox, newest first, refreshed every second
 * from /sim/sms/messages. Without a number: the numbers that received SMS. Self-contained
 * (inline CSS and JS), readable at 360 px.
 */
export function smsPhonePage(view: SmsPhoneView): string {
  const firstPaint = view.number ? renderSmsList(view.messages) : renderRecipientList(view.recipients);
  const heading = view.number ? `Messages to ${attr(view.number)}` : 'Phones with messages';
  const problem = view.typed !== '' && !view.number ? '<p class="problem" role="alert">Not a Kenyan mobile number. Type one such as 0712345678.</p>' : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>SMS inbox (Africa's Talking simulator)</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>SMS inbox <small>Africa's Talking simulator</small></h1>
<form id="pick" method="get" action="/phone/sms">
<label for="sms-number">Phone number</label>
<input id="sms-number" name="number" inputmode="tel" autocomplete="tel" value="${attr(view.typed)}" required>
<button type="submit">Open inbox</button>
${problem}
</form>
<section aria-labelledby="inbox-heading">
<h2 id="inbox-heading">${heading}</h2>
<div id="sms" aria-live="polite">${firstPaint}</div>
</section>
<p><a href="/phone">M-Pesa phone</a></p>
</main>
<script>
const renderSmsList = ${renderSmsList.toString()};
const renderRecipientList = ${renderRecipientList.toString()};
const number = ${scriptJson(view.number)};
let shown = ${scriptJson(firstPaint)};
const box = document.getElementById('sms');
async function refresh() {
  try {
    const response = await fetch(number ? '/sim/sms/messages?number=' + encodeURIComponent(number) : '/sim/sms/recipients', { cache: 'no-store' });
    if (!response.ok) return;
    const data = await response.json();
    const html = number ? renderSmsList(data) : renderRecipientList(data);
    if (html !== shown) { box.innerHTML = html; shown = html; }
  } catch (error) {
    // The simulator is restarting: the next tick tries again.
  }
}
setInterval(refresh, 1000);
</script>
</body>
</html>`;
}
