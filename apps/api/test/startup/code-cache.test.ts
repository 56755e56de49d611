import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runWithCodeCache } from '../../src/code-cache.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A CommonJS file that records its run (its module scope: require, __dirname) in globalThis. */
function bundle(): string {
  const dir = mkdtempSync(join(tmpdir(), 'escrow-code-cache-'));
  dirs.push(dir);
  const file = join(dir, 'server.cjs');
  writeFileSync(
    file,
    `const { join } = require('node:path');
     function answer(n) { return n * 2; }
     globalThis.__codeCacheRuns = (globalThis.__codeCacheRuns ?? 0) + 1;
     globalThis.__codeCacheSeen = { dir: __dirname, file: __filename, joined: join('a', 'b'), answer: answer(21), exports: typeof module.exports };`,
  );
  return file;
}

const seen = () => (globalThis as unknown as { __codeCacheSeen: Record<string, unknown> }).__codeCacheSeen;

describe('runWithCodeCache (decision 0056)', () => {
  it('runs the file as CommonJS, writes its cache after the delay, and the next run uses it', async () => {
    const file = bundle();
    const first = runWithCodeCache(file, { writeDelayMs: 10 });
    expect(seen()).toEqual({ dir: join(file, '..'), file, joined: join('a', 'b'), answer: 42, exports: 'object' });
    expect(first.cacheRefused).toBe(false);
    await first.cacheWritten;
    expect(statSync(`${file}.v8-cache`).size).toBeGreaterThan(0);

    const cache = readFileSync(`${file}.v8-cache`);
    const second = runWithCodeCache(file, { writeDelayMs: 10 });
    expect(second.cacheRefused).toBe(false);
    await second.cacheWritten;
    // Used as it was: not written again.
    expect(readFileSync(`${file}.v8-cache`).equals(cache)).toBe(true);
    expect(seen()['answer']).toBe(42);
  });

  it('refuses a damaged cache or one of other source, still runs the file, and writes a good one', async () => {
    const file = bundle();
    writeFileSync(`${file}.v8-cache`, Buffer.from('not a V8 code cache at all'));
    const damaged = runWithCodeCache(file, { writeDelayMs: 10 });
    expect(damaged.cacheRefused).toBe(true);
    expect(seen()['answer']).toBe(42);
    await damaged.cacheWritten;
    expect(runWithCodeCache(file, { writeDelayMs: 10 }).cacheRefused).toBe(false);

    // A new build: the old cache is refused (V8 checks the source), and replaced.
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nglobalThis.__codeCacheSeen.rebuilt = true;`);
    const rebuilt = runWithCodeCache(file, { writeDelayMs: 10 });
    expect(rebuilt.cacheRefused).toBe(true);
    expect(seen()['rebuilt']).toBe(true);
    await rebuilt.cacheWritten;
    expect(runWithCodeCache(file, { writeDelayMs: 10 }).cacheRefused).toBe(false);
  });

  it('runs without a cache when none can be written (a read-only place)', async () => {
    const file = bundle();
    // A directory where the cache file would go: reading and writing it fail.
    mkdirSync(`${file}.v8-cache`);
    const run = runWithCodeCache(file, { writeDelayMs: 10 });
    await run.cacheWritten;
    expect(seen()['answer']).toBe(42);
    expect(statSync(`${file}.v8-cache`).isDirectory()).toBe(true);
    // Nothing half-written is left beside it.
    expect(readdirSync(join(file, '..')).sort()).toEqual(['server.cjs', 'server.cjs.v8-cache']);
  });
});
