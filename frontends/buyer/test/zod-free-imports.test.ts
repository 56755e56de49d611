import { describe, expect, it } from 'vitest';

// The buyer's page is loaded from a link on a phone, within a JavaScript budget (decisions 0025,
// 0053): it takes the core's rules from its zod-free entries (orders, messages, rules) and the
// views as types, never zod, `@escrow/core/validation` or the whole core (decision 0062).
const sources = import.meta.glob<string>('../src/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });
const RUNTIME_IMPORT = /^\s*import\s+(?!type\b)[^'"]*?['"]([^'"]+)['"]/gm;
/** Entries that bring zod (the schemas; the whole core, whose use cases parse with them). */
const WITH_ZOD = /^(zod(\/.*)?|@escrow\/core|@escrow\/core\/(validation|testing))$/;

describe("the buyer page's imports", () => {
  it('has files to check', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(10);
  });

  it.each(Object.entries(sources))('%s imports nothing that brings zod', (_file, source) => {
    const specifiers = [...source.matchAll(RUNTIME_IMPORT)].map(([, specifier = '']) => specifier);
    expect(specifiers.filter((specifier) => WITH_ZOD.test(specifier))).toEqual([]);
  });
});
