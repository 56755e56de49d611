import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acceptedLanguages, isLocale, localeOfTag, negotiateLocale, requestLocale } from '../../src/i18n/locale.js';

describe('the languages of a request', () => {
  it('reads Accept-Language most wanted first, leaving out what the browser refuses', () => {
    expect(acceptedLanguages('en-US,en;q=0.9,sw;q=0.95')).toEqual(['en-US', 'sw', 'en']);
    expect(acceptedLanguages('sw-KE, sw;q=0.9, en;q=0')).toEqual(['sw-KE', 'sw']);
    expect(acceptedLanguages('*')).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages(null)).toEqual([]);
    // Equal weights keep the header's order.
    expect(acceptedLanguages('fr;q=0.5,sw;q=0.5')).toEqual(['fr', 'sw']);
  });

  it('picks the first language the product speaks, English when none', () => {
    expect(negotiateLocale(['sw-KE', 'en'])).toBe('sw');
    expect(negotiateLocale(['en-GB', 'sw'])).toBe('en');
    expect(negotiateLocale(['fr', 'SW_tz'])).toBe('sw');
    expect(negotiateLocale(['fr', 'de'])).toBe('en');
    expect(negotiateLocale([])).toBe('en');
    expect(localeOfTag('swa')).toBeNull();
  });

  it("takes the device's saved choice over the header, and ignores a cookie that is no language of ours", () => {
    expect(requestLocale('en', 'sw-KE,sw')).toBe('en');
    expect(requestLocale('sw', 'en')).toBe('sw');
    expect(requestLocale('fr', 'sw-KE')).toBe('sw');
    expect(requestLocale(undefined, undefined)).toBe('en');
  });

  it('never fails on any header and always answers a language of ours', () => {
    fc.assert(
      fc.property(fc.string(), fc.option(fc.string(), { nil: undefined }), (header, cookie) => {
        expect(isLocale(requestLocale(cookie, header))).toBe(true);
      }),
    );
  });
});
