import { compileMessage as linguiCompile } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import { compileMessage } from '../src/i18n/compile-message.ts';
import { uiTextsEn } from '../src/i18n/ui-texts.ts';
import { uiTextsSw } from '../src/i18n/ui-texts-sw.ts';

// The kit compiles the catalogs' ICU texts itself (Lingui's compiler weighs ~10 kB gzip); it must
// give exactly what Lingui's would, for every text of every catalog and for the forms ICU allows.
const CATALOGS: Readonly<Record<string, Readonly<Record<string, string>>>> = { uiTextsEn, uiTextsSw };

describe("the kit's message compiler", () => {
  it.each(Object.entries(CATALOGS))('compiles every text of %s as Lingui does', (_, catalog) => {
    for (const [id, text] of Object.entries(catalog)) {
      expect([id, compileMessage(text)]).toEqual([id, linguiCompile(text)]);
    }
  });

  it.each([
    'Code sent to {phone}',
    '{count, plural, one {# star} other {# stars}}',
    '{count, plural, =0 {none} one {# item in {place}} other {# items}}',
    '{who, select, buyer {Mnunuzi} seller {Muuzaji} other {Mtu}}',
    'Paid {amount, number} at {time, time, short}',
    'Pay <0>{amount}</0> <1>with M-Pesa</1>',
    "The seller's item #1",
    '',
  ])('compiles %j as Lingui does', (text) => {
    expect(compileMessage(text)).toEqual(linguiCompile(text));
  });

  it('refuses a text it cannot read rather than showing it half', () => {
    expect(() => compileMessage('Unclosed {name')).toThrow(SyntaxError);
    expect(() => compileMessage('Stray } brace')).toThrow(SyntaxError);
  });
});
