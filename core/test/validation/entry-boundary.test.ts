import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// `@escrow/core/validation` is bundled into the React frontends: it may import zod, its own
// folder and the rules its schemas are built on (`../rules/`, decision 0062), never use cases,
// ports or anything that pulls in server code.
const folder = fileURLToPath(new URL('../../src/validation/', import.meta.url));
const files = readdirSync(folder).filter((name) => name.endsWith('.ts'));
const IMPORT = /\b(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]/g;

describe('the validation entry', () => {
  it('has files to check', () => {
    expect(files).toContain('index.ts');
  });

  it.each(files)('%s imports only zod, sibling files and the rules', (file) => {
    const source = readFileSync(folder + file, 'utf8');
    const specifiers = [...source.matchAll(IMPORT)].map((match) => match[1] ?? match[2]);
    for (const specifier of specifiers) {
      expect(specifier === 'zod' || /^\.\/[a-z0-9-]+\.js$/.test(specifier ?? '') || /^\.\.\/rules\/[a-z0-9-]+\.js$/.test(specifier ?? '')).toBe(true);
    }
  });
});
