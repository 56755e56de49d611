import { Script, createContext, runInContext } from 'node:vm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startDarajaSim, type DarajaSim } from '../src/index.js';
import { sendSms } from './helpers/at-client.js';
import { waitUntil } from './helpers/callback-receiver.js';

let sim: DarajaSim;
beforeAll(async () => {
  sim = await startDarajaSim({ callbackDelayMs: 5 });
});
afterAll(() => sim.close());
beforeEach(() => sim.reset());

async function page(path: string): Promise<{ status: number; type: string | null; html: string }> {
  const response = await fetch(`${sim.url}${path}`);
  return { status: response.status, type: response.headers.get('content-type'), html: await response.text() };
}

function scriptOf(html: string): string {
  const match = /<script>([\s\S]*)<\/script>/.exec(html);
  if (!match?.[1]) throw new Error('no inline script');
  return match[1];
}

describe('the SMS inbox page (/phone/sms)', () => {
  it("shows a phone's SMS newest first, with sender, Nairobi time and delivery, on a page made for a phone", async () => {
    await sendSms(sim.url, { to: '+254712345678', message: 'Escrow Delivery: first', from: 'ESCROW' });
    await sendSms(sim.url, { to: '+254712345678', message: 'Escrow Delivery: second\nline two' });
    await sendSms(sim.url, { to: '+254733000111', message: 'Escrow Delivery: not yours' });
    await waitUntil(() => sim.sms.messagesTo('0712345678').every((m) => m.deliveryReports.length === 1));
    const { status, type, html } = await page('/phone/sms?number=0712%20345%20678');
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/html/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain('<h2 id="inbox-heading">Messages to +254712345678</h2>');
    expect(html).toContain('<label for="sms-number">Phone number</label>');
    expect(html).toContain('value="0712 345 678"');
    const second = html.indexOf('Escrow Delivery: second\nline two');
    const first = html.indexOf('Escrow Delivery: first');
    expect(second).toBeGreaterThan(0);
    expect(first).toBeGreaterThan(second);
    expect(html).not.toContain('not yours');
    expect(html).toContain('<span class="from">ESCROW</span>');
    expect(html).toContain('<span class="from">AFRICASTKNG</span>');
    expect(html).toContain('<p class="delivery">Delivered</p>');
    const receivedAt = sim.sms.messagesTo('0712345678')[0]!.receivedAt;
    const eat = new Date(Date.parse(receivedAt) + 3 * 3_600_000);
    expect(html).toContain(`>${String(eat.getUTCDate()).padStart(2, '0')}/${String(eat.getUTCMonth() + 1).padStart(2, '0')} ${String(eat.getUTCHours()).padStart(2, '0')}:`);
    // 360 px wide phones: one column no wider than the screen, long words wrapped, big tap targets.
    expect(html).toMatch(/main\{max-width:420px;margin:0 auto;padding:12px\}/);
    expect(html).toContain('overflow-wrap:anywhere');
    expect(html).toContain('min-height:44px');
  });

  it('escapes what integrators send', async () => {
    await sendSms(sim.url, { to: '+254712345678', message: '<img src=x onerror=alert(1)>&"', from: '<b>' });
    const { html } = await page('/phone/sms?number=%2B254712345678');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&#60;img src=x onerror=alert(1)&#62;&#38;&#34;');
    expect(html).not.toContain('<b>');
  });

  it('makes the links in a text tappable, as a phone does, and escapes them', async () => {
    await sendSms(sim.url, { to: '+254712345678', message: 'Escrow Delivery: New job TRK1: http://localhost:3000/rider/o-1?phone=%2B254733000444&key=k_1. javascript:alert(1) https://x.test/"><b>' });
    const { html } = await page('/phone/sms?number=0712345678');
    expect(html).toContain('<a href="http://localhost:3000/rider/o-1?phone=%2B254733000444&#38;key=k_1" rel="noreferrer">http://localhost:3000/rider/o-1?phone=%2B254733000444&#38;key=k_1</a>. javascript:alert(1)');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain('<a href="https://x.test/" rel="noreferrer">https://x.test/</a>&#34;&#62;&#60;b&#62;');
  });

  it('without a number lists the phones that received SMS; with a bad one says so', async () => {
    await sendSms(sim.url, { to: '+254712345678', message: 'hi' });
    const { html } = await page('/phone/sms');
    expect(html).toContain('<a href="/phone/sms?number=%2B254712345678">+254712345678</a>');
    const bad = await page('/phone/sms?number=%3Cscript%3E');
    expect(bad.html).toContain('Not a Kenyan mobile number');
    expect(bad.html).not.toContain('<script>alert');
    expect(bad.html).toContain('value="&#60;script&#62;"');
  });

  it('embeds a script that parses and whose renderer draws exactly what the server drew', async () => {
    await sendSms(sim.url, { to: '+254712345678', message: 'Escrow Delivery: your code is 482913.' });
    await waitUntil(() => sim.sms.messagesTo('0712345678')[0]?.deliveryReports.length === 1);
    const { html } = await page('/phone/sms?number=0712345678');
    const script = scriptOf(html);
    expect(() => new Script(script)).not.toThrow();
    const messages = await (await fetch(`${sim.url}/sim/sms/messages?number=0712345678`)).json();
    const declarations = script.slice(0, script.indexOf('const box ='));
    const context = createContext({ messages });
    expect(runInContext(`${declarations}; renderSmsList(messages) === shown`, context)).toBe(true);
    expect(runInContext('number', context)).toBe('+254712345678');
    expect(script).toContain("'/sim/sms/messages?number=' + encodeURIComponent(number)");
    expect(script).toContain('setInterval(refresh, 1000)');
  });

  it('is linked from the M-Pesa phone page', async () => {
    expect((await page('/phone')).html).toContain('<a href="/phone/sms">SMS inbox</a>');
  });
});
