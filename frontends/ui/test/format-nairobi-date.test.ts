import { afterEach, describe, expect, it } from 'vitest';
import { formatNairobiDate, formatNairobiDateTime } from '../src/format/format-nairobi-date.ts';
import { activateLocale, registerCatalog } from '../src/i18n/i18n.ts';
import { uiCatalog } from '../src/i18n/kit-texts.ts';

// A page's texts are registered before it chooses a language (Lingui warns of a language with none).
registerCatalog(uiCatalog);

describe('Nairobi date formatting', () => {
  afterEach(async () => {
    await activateLocale('en');
  });

  it('shows a UTC instant in Nairobi time (UTC+3), crossing midnight', () => {
    expect(formatNairobiDateTime('2025-11-21T21:30:00Z', 'en')).toBe('22 Nov 2025, 00:30');
    expect(formatNairobiDate(new Date('2025-11-21T21:30:00Z'), 'en')).toBe('22 Nov 2025');
  });

  it('writes Swahili month names on a Swahili page, the same numbers and layout', () => {
    expect(formatNairobiDateTime('2025-08-21T15:05:00Z', 'sw')).toBe('21 Ago 2025, 18:05');
    expect(formatNairobiDate('2025-03-01T10:00:00Z', 'sw')).toBe('1 Mac 2025');
    expect(formatNairobiDateTime('2025-12-31T21:00:00Z', 'sw')).toBe('1 Jan 2026, 00:00');
    expect(formatNairobiDate('2025-12-31T20:59:00Z', 'sw')).toBe('31 Des 2025');
  });

  it("follows the page's language when none is given", async () => {
    expect(formatNairobiDateTime('2025-05-04T06:07:00Z')).toBe('4 May 2025, 09:07');
    await activateLocale('sw');
    expect(formatNairobiDateTime('2025-05-04T06:07:00Z')).toBe('4 Mei 2025, 09:07');
    expect(formatNairobiDate('2025-10-04T06:07:00Z')).toBe('4 Okt 2025');
  });

  it("names the months as CLDR abbreviates them in English and Swahili (Node's ICU), whatever the ICU the phone has", () => {
    for (let month = 0; month < 12; month += 1) {
      const at = new Date(Date.UTC(2025, month, 15, 9));
      for (const [locale, tag] of [['en', 'en-US'], ['sw', 'sw-KE']] as const) {
        const name = new Intl.DateTimeFormat(tag, { month: 'short', timeZone: 'Africa/Nairobi' }).format(at);
        expect(formatNairobiDate(at, locale)).toBe(`15 ${name} 2025`);
      }
    }
  });

  it('refuses an invalid date instead of printing "Invalid Date"', () => {
    expect(() => formatNairobiDateTime('not a date')).toThrow(RangeError);
    expect(() => formatNairobiDate('not a date', 'sw')).toThrow(RangeError);
  });
});
