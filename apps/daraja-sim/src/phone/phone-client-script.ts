/**
 * The phone page's browser script (no build step). It expects `renderPromptList` and `shown`
 * (the HTML first painted) to be defined before it. Plain ES2020 so any phone browser runs it.
 */
export const PHONE_CLIENT_SCRIPT = String.raw`
const list = document.getElementById('prompts');

async function post(path, body) {
  const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const reply = await response.json().catch(() => null);
  return { ok: response.ok, reply: reply };
}

async function refresh() {
  try {
    const response = await fetch('/sim/prompts', { cache: 'no-store' });
    if (!response.ok) return;
    const html = renderPromptList(await response.json());
    if (html === shown) return;
    // Keep what the person is typing: PINs and focus survive a re-render.
    const typed = {};
    list.querySelectorAll('input[name=pin]').forEach((input) => { typed[input.id] = input.value; });
    const focused = document.activeElement ? document.activeElement.id : '';
    list.innerHTML = html;
    shown = html;
    Object.keys(typed).forEach((id) => { const input = document.getElementById(id); if (input) input.value = typed[id]; });
    const again = focused ? document.getElementById(focused) : null;
    if (again) again.focus();
  } catch (error) {
    // The simulator is restarting: the next tick tries again.
  }
}
setInterval(refresh, 1000);

list.addEventListener('submit', async (event) => {
  const form = event.target.closest('form.pin-form');
  if (!form) return;
  event.preventDefault();
  await post('/sim/prompts/' + encodeURIComponent(form.dataset.id) + '/approve', { pin: form.elements.pin.value });
  refresh();
});

list.addEventListener('click', async (event) => {
  const button = event.target.closest('button.cancel');
  if (!button) return;
  await post('/sim/prompts/' + encodeURIComponent(button.dataset.id) + '/cancel', {});
  refresh();
});

const paybill = document.getElementById('paybill');
const paybillResult = document.getElementById('paybill-result');
paybill.addEventListener('submit', async (event) => {
  event.preventDefault();
  const data = new FormData(paybill);
  paybillResult.textContent = 'Paying…';
  const result = await post('/sim/paybill', {
    msisdn: String(data.get('msisdn')).trim(),
    shortCode: String(data.get('shortCode')).trim(),
    account: String(data.get('account')).trim(),
    amount: Number(data.get('amount')),
  }).catch(() => ({ ok: false, reply: null }));
  if (!result.ok) {
    paybillResult.textContent = 'Not paid: ' + (result.reply && result.reply.error ? result.reply.error.message : 'the simulator did not answer');
  } else if (result.reply.completed) {
    paybillResult.textContent = 'Paid. M-Pesa receipt ' + result.reply.transId;
  } else {
    paybillResult.textContent = 'Refused by the business (' + result.reply.resultCode + '): ' + result.reply.resultDesc + '. Receipt ' + result.reply.transId;
  }
});
`;
