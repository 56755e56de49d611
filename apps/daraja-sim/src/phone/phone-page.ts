import type { SimPrompt } from '../public-types.js';
import { PHONE_CLIENT_SCRIPT } from './phone-client-script.js';
import { renderPromptList } from './prompt-list-view.js';

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.4 system-ui,sans-serif;background:#f2f4f3;color:#111}
main{max-width:420px;margin:0 auto;padding:12px}
h1{font-size:1.25rem;margin:4px 0 12px}h1 small{font-weight:normal;color:#555}
h2{font-size:1.1rem;margin:20px 0 8px}h3{font-size:1rem;margin:16px 0 6px}
section{background:#fff;border-radius:12px;padding:12px;margin-bottom:12px;box-shadow:0 1px 2px #0002}
.prompt{border:2px solid #2e7d32;border-radius:10px;padding:10px;margin-bottom:10px}
.phone{color:#555;font-size:.9rem;margin:0}.ask{font-weight:600;margin:6px 0 10px}
label{display:block;font-weight:600;margin:8px 0 4px}
input{width:100%;font-size:1.1rem;padding:10px;border:1px solid #888;border-radius:8px}
.actions{display:flex;gap:8px;margin-top:10px}
button{flex:1;min-height:44px;font-size:1rem;border:0;border-radius:8px;background:#2e7d32;color:#fff;padding:10px}
button.cancel{background:#b71c1c}
form#paybill button{width:100%;margin-top:12px}
button:focus-visible,input:focus-visible{outline:3px solid #1565c0;outline-offset:2px}
.finished{padding-left:18px;margin:0}.finished li{margin:6px 0}.failed strong{color:#b71c1c}.succeeded strong{color:#2e7d32}
.empty{color:#555}#paybill-result{font-weight:600;min-height:1.4em}
`;

/** JSON inside a <script>: no "</script>" or "<!--" can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const attr = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/**
 * GET /phone: a person's phone. Pending STK prompts with a PIN field, Approve and Cancel; the
 * finished ones with their result; and a Paybill form for C2B payments. Refreshes itself every
 * second from /sim/prompts. Self-contained: inline CSS and JS, no build step.
 */
export function phonePage(prompts: readonly SimPrompt[], defaults: { shortCode: string; msisdn: string }): string {
  const firstPaint = renderPromptList(prompts);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>M-Pesa phone (Daraja simulator)</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>M-Pesa phone <small>Daraja simulator</small></h1>
<section aria-labelledby="prompts-heading">
<h2 id="prompts-heading">Payment requests</h2>
<div id="prompts" aria-live="polite">${firstPaint}</div>
</section>
<section aria-labelledby="paybill-heading">
<h2 id="paybill-heading">Pay bill</h2>
<form id="paybill">
<label for="paybill-phone">Phone number</label>
<input id="paybill-phone" name="msisdn" inputmode="numeric" autocomplete="tel" pattern="254[17][0-9]{8}" value="${attr(defaults.msisdn)}" required>
<label for="paybill-business">Business number</label>
<input id="paybill-business" name="shortCode" inputmode="numeric" pattern="[0-9]{5,9}" value="${attr(defaults.shortCode)}" required>
<label for="paybill-account">Account number</label>
<input id="paybill-account" name="account" maxlength="20" autocomplete="off" required>
<label for="paybill-amount">Amount (KSh)</label>
<input id="paybill-amount" name="amount" inputmode="numeric" pattern="[1-9][0-9]*" required>
<button type="submit">Pay</button>
</form>
<p id="paybill-result" role="status" aria-live="polite"></p>
</section>
<p><a href="/phone/sms">SMS inbox</a></p>
</main>
<script>
const renderPromptList = ${renderPromptList.toString()};
let shown = ${scriptJson(firstPaint)};
${PHONE_CLIENT_SCRIPT}
</script>
</body>
</html>`;
}
