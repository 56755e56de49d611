import { compileMessage } from '@escrow/ui/i18n/compile-message';
import { describe, expect, it } from 'vitest';
import { riderEn, type RiderMessageId } from '../src/i18n/en.ts';
import riderSw from '../src/i18n/sw.ts';

// The rider's texts compile with the kit's ICU compiler, and each Swahili text keeps its
// English twin's placeholders and tags (a `{phone}` or `<0>` lost in translation shows nothing).
const ids = Object.keys(riderEn) as RiderMessageId[];
const placeholders = (text: string) => [...text.matchAll(/\{\s*(\w+)\s*[,}]/g)].map(([, name]) => name).sort();
const tags = (text: string) => [...text.matchAll(/<\/?\d+>/g)].map(([tag]) => tag).sort();

describe("the rider's catalogs", () => {
  it.each(ids)('%s compiles in both languages, with the same placeholders and tags', (id) => {
    const [en, sw] = [riderEn[id], riderSw[id]];
    expect(() => compileMessage(en)).not.toThrow();
    expect(() => compileMessage(sw)).not.toThrow();
    expect(placeholders(sw)).toEqual(placeholders(en));
    expect(tags(sw)).toEqual(tags(en));
    expect(sw.trim()).not.toBe('');
  });
});
