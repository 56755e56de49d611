import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import vm from 'node:vm';

export interface CodeCacheRun {
  /** True when a cache was there and V8 refused it (other source, V8 or flags; damaged). */
  readonly cacheRefused: boolean;
  /** Resolves once a new cache is written (or could not be); at once when the one there was used. */
  readonly cacheWritten: Promise<void>;
}

/**
 * Runs a CommonJS file compiled with V8's code cache (`<file>.v8-cache`), as Node 22's
 * module.enableCompileCache() does and Node 20 cannot (decision 0056). Without a usable cache,
 * `writeDelayMs` after the run it stores the code V8 made, with the functions run by then;
 * later runs skip most of the compiling. V8 refuses a cache made for other source, another V8
 * or other flags, and a refused cache is simply made again. One that cannot be written (a
 * read-only install) only costs the speed-up; it is written aside and renamed, so a process
 * starting meanwhile never reads half of one.
 */
export function runWithCodeCache(file: string, { writeDelayMs = 2_000 } = {}): CodeCacheRun {
  const cacheFile = `${file}.v8-cache`;
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  // Node's own CommonJS wrapper; import() inside resolves as in any module.
  const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${readFileSync(file, 'utf8')}\n})`, {
    filename: file,
    ...(cachedData ? { cachedData } : {}),
    importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
  });
  const module = { exports: {} };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(file), module, file, dirname(file));
  const cacheRefused = cachedData !== undefined && script.cachedDataRejected === true;
  if (cachedData !== undefined && !cacheRefused) return { cacheRefused, cacheWritten: Promise.resolve() };
  const cacheWritten = new Promise<void>((resolve) => {
    setTimeout(() => {
      const partial = `${cacheFile}.${process.pid}`;
      try {
        writeFileSync(partial, script.createCachedData());
        renameSync(partial, cacheFile);
      } catch {
        rmSync(partial, { force: true });
      }
      resolve();
    }, writeDelayMs).unref();
  });
  return { cacheRefused, cacheWritten };
}
