import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SERVICE_NAME, smsLength, smsNotification, smsText } from '../../src/messages/index.js';

const PREFIX = 'Escrow Delivery: ';
// The GSM 03.38 tables, written out again here (not imported) so a typo in one copy shows.
const BASIC = '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const EXTENSION = '\f^{}\\[~]|€';

describe('smsLength', () => {
  it('counts each of the 127 basic GSM-7 characters as one and each of the 10 extension characters as two', () => {
    expect([...BASIC]).toHaveLength(127);
    for (const ch of BASIC) expect(smsLength(ch), JSON.stringify(ch)).toEqual({ encoding: 'gsm7', units: 1, limit: 160 });
    for (const ch of EXTENSION) expect(smsLength(ch), JSON.stringify(ch)).toEqual({ encoding: 'gsm7', units: 2, limit: 160 });
  });

  it('falls back to UCS-2 (70 per segment) for any other character, counting UTF-16 code units', () => {
    expect(smsLength('Karibu ✓')).toEqual({ encoding: 'ucs2', units: 8, limit: 70 });
    expect(smsLength('Asante 🙏')).toEqual({ encoding: 'ucs2', units: 9, limit: 70 });
    // Look-alikes that are not GSM-7: a curly apostrophe, a backtick, a tab, a non-breaking space, a lower-case ç.
    for (const ch of ['’', '`', '\t', '\u00a0', 'ç']) expect(smsLength(`a${ch}`).encoding, JSON.stringify(ch)).toBe('ucs2');
  });

  it('agrees with a plain count over any mix of GSM-7 characters', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...BASIC, ...EXTENSION), { maxLength: 400 }), (chars) => {
        const expected = chars.reduce((n, ch) => n + (EXTENSION.includes(ch) ? 2 : 1), 0);
        expect(smsLength(chars.join(''))).toEqual({ encoding: 'gsm7', units: expected, limit: 160 });
      }),
    );
  });
});

describe('smsText', () => {
  it('starts every text with the service name, once', () => {
    expect(SERVICE_NAME).toBe('Escrow Delivery');
    expect(smsText('Your delivery code is 482913.')).toMatchObject({ ok: true, text: 'Escrow Delivery: Your delivery code is 482913.' });
    expect(smsText('Escrow Delivery: Rider Otieno is on the way.')).toMatchObject({ ok: true, text: 'Escrow Delivery: Rider Otieno is on the way.' });
    expect(smsText('  spaced  ')).toMatchObject({ ok: true, text: 'Escrow Delivery: spaced' });
  });

  it('accepts exactly 160 GSM-7 characters with the name, and refuses 161', () => {
    const fits = smsText('x'.repeat(160 - PREFIX.length));
    expect(fits).toMatchObject({ ok: true, length: { encoding: 'gsm7', units: 160, limit: 160 } });
    expect(smsText('x'.repeat(161 - PREFIX.length))).toMatchObject({ ok: false, problem: '161 GSM-7 characters; one SMS holds 160' });
  });

  it('counts an extension character as two: 159 with one euro sign is 160, two make 161', () => {
    expect(smsText(`${'x'.repeat(158 - PREFIX.length)}€`)).toMatchObject({ ok: true, length: { units: 160 } });
    expect(smsText(`${'x'.repeat(157 - PREFIX.length)}€€`)).toMatchObject({ ok: false, length: { units: 161 } });
  });

  it('holds 70 once a character is outside GSM-7', () => {
    expect(smsText(`✓${'x'.repeat(69 - PREFIX.length)}`)).toMatchObject({ ok: true, length: { encoding: 'ucs2', units: 70, limit: 70 } });
    const over = smsText(`✓${'x'.repeat(70 - PREFIX.length)}`);
    expect(over).toMatchObject({ ok: false, length: { encoding: 'ucs2', units: 71 } });
    expect(over.ok ? '' : over.problem).toContain('outside GSM-7');
  });

  it('refuses an empty message', () => {
    expect(smsText('   ')).toMatchObject({ ok: false, problem: 'the message is empty' });
  });

  it('for any message: the text starts with the name, and ok is exactly "fits one segment"', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 220, unit: fc.constantFrom(...BASIC, ...EXTENSION, 'é', '✓', '🙏', ' ') }), (message) => {
        const sms = smsText(message);
        expect(sms.text.startsWith(PREFIX)).toBe(true);
        expect(sms.ok).toBe(message.trim() !== '' && sms.length.units <= sms.length.limit);
      }),
    );
  });
});

describe('smsNotification', () => {
  it('builds an SMS for the outbox, marked sensitive when asked', () => {
    expect(smsNotification('+254712345678', 'Delivery code', 'Your delivery code is 482913.', { sensitive: true })).toEqual({
      channel: 'sms',
      to: '+254712345678',
      subject: 'Delivery code',
      body: 'Escrow Delivery: Your delivery code is 482913.',
      sensitive: true,
    });
    expect(smsNotification('+254712345678', 'Rider assigned', 'Otieno (0712 345 678) brings your order.')).not.toHaveProperty('sensitive');
  });

  it('throws for a fixed text that does not fit one SMS', () => {
    expect(() => smsNotification('+254712345678', 'Too long', 'y'.repeat(200))).toThrow(/Too long.*one SMS holds 160/);
  });
});
