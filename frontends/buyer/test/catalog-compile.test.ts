import { compileMessage as linguiCompile } from '@lingui/message-utils/compileMessage';
import { compileMessage } from '@escrow/ui/i18n/compile-message';
import { describe, expect, it } from 'vitest';
import { buyerEn } from '../src/i18n/en.ts';
import buyerSw from '../src/i18n/sw.ts';

// The buyer's texts compile with the kit's small compiler exactly as with Lingui's own.
describe("the buyer's catalogs", () => {
  it.each(Object.entries({ buyerEn, buyerSw }))('compile in %s as Lingui compiles them', (_, catalog: Readonly<Record<string, string>>) => {
    for (const [id, text] of Object.entries(catalog)) expect([id, compileMessage(text)]).toEqual([id, linguiCompile(text)]);
  });
});
