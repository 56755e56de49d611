import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as rules from '../../src/rules/index.js';

// `@escrow/core/rules` goes into the buyer and rider pages, which do without zod (decisions
// 0025, 0053, 0062): it may import nothing but its own folder, so it can never pull zod, the
// catalogue or server code into them.
const folder = fileURLToPath(new URL('../../src/rules/', import.meta.url));
const files = readdirSync(folder).filter((name) => name.endsWith('.ts'));
const IMPORT = /\b(?:import|export)\b[^'"]*?\bfrom\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]/g;

describe('the rules entry', () => {
  it('has files to check', () => {
    expect(files).toContain('index.ts');
  });

  it.each(files)('%s imports only sibling files', (file) => {
    const source = readFileSync(folder + file, 'utf8');
    const specifiers = [...source.matchAll(IMPORT)].map((match) => match[1] ?? match[2]);
    for (const specifier of specifiers) expect(specifier).toMatch(/^\.\/[a-z0-9-]+\.js$/);
  });

  it('is exported by the core package like its other entries (source, types, import)', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { exports: Record<string, Record<string, string>> };
    expect(pkg.exports['./rules']).toEqual({ '@escrow/source': './src/rules/index.ts', types: './dist/rules/index.d.ts', import: './dist/rules/index.js' });
  });

  it('holds values a page can use as they are: functions, patterns, numbers, lists', () => {
    for (const [name, value] of Object.entries(rules)) {
      expect(['function', 'number', 'string', 'object'], name).toContain(typeof value);
      if (typeof value === 'object') expect(value instanceof RegExp || Array.isArray(value), name).toBe(true);
    }
  });
});
