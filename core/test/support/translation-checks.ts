import { expect } from 'vitest';
import { flattenTexts } from '../../src/i18n/translation.js';

/** Each text's id ('catalogue.buyer.orderNotFound') with its English and its translation. */
export function textPairs(english: object, translated: object, prefix: string): { id: string; en: string; tr: string }[] {
  const en = flattenTexts(english, prefix);
  const tr = flattenTexts(translated, prefix);
  expect(Object.keys(tr).sort(), 'the same texts, no more, no fewer').toEqual(Object.keys(en).sort());
  return Object.keys(en).map((id) => ({ id, en: en[id] ?? '', tr: tr[id] ?? '' }));
}

/** `{placeholder}`s, and runs of digits (6 in "6-digit", 10, 000, 000 in "10,000,000"), in order of appearance sorted. */
export const placeholders = (text: string): string[] => (text.match(/\{[^{}]*\}/g) ?? []).sort();
export const digitRuns = (text: string): string[] => (text.match(/\d+/g) ?? []).sort();

/**
 * English words that have no place in a Swahili text: one left behind is a text translated in
 * part, or not at all. Brand and technical words (M-Pesa, KSh, Paybill, Till, SMS, WhatsApp,
 * Google, Data) are not among them.
 */
const ENGLISH_WORDS = /\b(the|and|or|to|of|is|please|failed|successfully|your|you|order|orders|rider|seller|buyer|code|payment|password|email|account|enter|must|not|with)\b/i;

/** Brand and technical words, and the examples and formats a text shows, kept as they are. */
const KEPT_AS_IS = ['M-Pesa', 'KSh', 'Paybill', 'Till', 'SMS', 'WhatsApp', 'Google', 'http://', 'https://', 'YYYY-MM-DD', '0712345678', 'NLJ7RT61SV'];

/** The same words for the same things (docs/i18n-glossary.md): an English term, and what its Swahili must hold. */
const GLOSSARY: readonly (readonly [RegExp, RegExp])[] = [
  [/\brider/i, /safirishaji/i],
  [/\bbuyer/i, /mnunuzi/i],
  [/\bseller/i, /muuzaji/i],
  [/\border/i, /\boda\b/i],
  // "msimbo wa uwasilishaji", plural "misimbo (mingi mno) ya uwasilishaji".
  [/\bdelivery code/i, /\b(msimbo|misimbo)\b[^.;]*\b(wa|ya) uwasilishaji\b/i],
  [/\bpassword/i, /nenosiri/i],
  [/\brefund/i, /rejesh/i],
  [/\badmin\b/i, /msimamizi/i],
  [/\bemail/i, /barua pepe/i],
  [/\bterms and conditions\b/i, /sheria na masharti/i],
  [/\bservice fee\b/i, /ada ya huduma/i],
];

/** Every check a translated table must pass; `identicalAllowed` lists the ids whose text may stay English. */
export function expectTranslated(pairs: readonly { id: string; en: string; tr: string }[], identicalAllowed: readonly string[]): void {
  for (const { id, en, tr } of pairs) {
    expect(tr.length, id).toBeGreaterThan(0);
    expect(tr, id).toBe(tr.trim());
    expect(placeholders(tr), `${id}: the placeholders of ${JSON.stringify(en)}`).toEqual(placeholders(en));
    expect(digitRuns(tr), `${id}: the numbers of ${JSON.stringify(en)}`).toEqual(digitRuns(en));
    for (const kept of KEPT_AS_IS) if (en.includes(kept)) expect(tr, `${id} keeps ${kept}`).toContain(kept);
    if (!identicalAllowed.includes(id)) expect(tr, `${id}: English words left in ${JSON.stringify(tr)}`).not.toMatch(ENGLISH_WORDS);
    for (const [term, swahili] of GLOSSARY) if (term.test(en)) expect(tr, `${id}: ${String(term)} is ${String(swahili)} (glossary)`).toMatch(swahili);
  }
  // Both ways: a text left in English that is not on the list fails, and so does a stale entry.
  expect(pairs.filter(({ en, tr }) => en === tr).map(({ id }) => id)).toEqual([...identicalAllowed]);
}
