import { Script, createContext, runInContext } from 'node:vm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDarajaSim, type DarajaSim } from '../src/index.js';
import { DarajaClient } from './helpers/daraja-client.js';

let sim: DarajaSim;
let client: DarajaClient;
beforeAll(async () => {
  sim = await startDarajaSim({ shortCodes: [{ shortCode: '174379', passkey: 'bfb279f9aa9bdbcf158e97dd71a467cd2e0c893059b10f78e6b72ada1ed2c919', name: 'Escrow Deliveries' }] });
  client = new DarajaClient(sim.url);
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

async function page(path = '/phone'): Promise<{ status: number; type: string | null; html: string }> {
  const response = await fetch(`${sim.url}${path}`);
  return { status: response.status, type: response.headers.get('content-type'), html: await response.text() };
}

function scriptOf(html: string): string {
  const match = /<script>([\s\S]*)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no inline script');
  return match[1];
}

describe('the phone page', () => {
  it('shows a pending prompt with its phone, amount, business and account, a PIN field, Approve and Cancel', async () => {
    await client.stkPush({ Amount: 1500, AccountReference: 'TRK-0042' });
    for (const path of ['/phone', '/']) {
      const { status, type, html } = await page(path);
      expect(status).toBe(200);
      expect(type).toMatch(/^text\/html/);
      expect(html).toContain('Pay KSh 1,500 to Escrow Deliveries account TRK-0042?');
      expect(html).toContain('Phone 254708374149');
      const id = sim.prompts()[0]!.checkoutRequestId;
      expect(html).toContain(`<label for="pin-${id}">M-Pesa PIN</label>`);
      expect(html).toMatch(new RegExp(`<input id="pin-${id}" name="pin" type="password" inputmode="numeric"`));
      expect(html).toContain('<button type="submit">Approve</button>');
      expect(html).toMatch(/<button type="button" class="cancel"[^>]*>Cancel<\/button>/);
      expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    }
  });

  it('shows finished prompts with their result, and the Pay bill form with labels', async () => {
    sim.setStkBehaviour('254708374149', { outcome: 'approve', callback: 'lost' });
    await client.stkPush({ Amount: 250 });
    sim.setStkBehaviour('254708374149', { outcome: 'cancel', callback: 'lost' });
    await client.stkPush({ Amount: 99 });
    const { html } = await page();
    expect(html).toContain(`Paid KSh 250, receipt ${sim.prompts().find((p) => p.amount === 250)!.receiptNumber}`);
    expect(html).toContain('Request cancelled by user (1032)');
    expect(html).toContain('No payment requests waiting.');
    for (const [id, label] of [['paybill-phone', 'Phone number'], ['paybill-business', 'Business number'], ['paybill-account', 'Account number'], ['paybill-amount', 'Amount (KSh)']]) {
      expect(html).toContain(`<label for="${id}">${label}</label>`);
      expect(html).toContain(`id="${id}"`);
    }
    expect(html).toContain('<h2 id="paybill-heading">Pay bill</h2>');
  });

  it('escapes what integrators send', async () => {
    await client.stkPush({ AccountReference: '<b>x</b>&"' });
    const { html } = await page();
    expect(html).not.toContain('<b>x</b>');
    expect(html).toContain('&#60;b&#62;x&#60;/b&#62;&#38;&#34;');
  });

  it('embeds a script that parses, and whose renderer draws exactly what the server drew', async () => {
    await client.stkPush({ Amount: 123456 });
    const { html } = await page();
    const script = scriptOf(html);
    expect(() => new Script(script)).not.toThrow();
    // The browser re-renders from /sim/prompts every second with the embedded renderer; run it here.
    const prompts = await (await fetch(`${sim.url}/sim/prompts`)).json();
    const context = createContext({ prompts });
    const declarations = script.slice(0, script.indexOf('const list ='));
    const rendered = runInContext(`${declarations}; renderPromptList(prompts) === shown`, context) as boolean;
    expect(rendered).toBe(true);
    expect(runInContext('shown', context)).toContain('Pay KSh 123,456 to');
    expect(script).toContain("fetch('/sim/prompts'");
    expect(script).toContain('setInterval(refresh, 1000)');
  });
});
