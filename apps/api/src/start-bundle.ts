// What every runner of the API starts (apps/api/dist/server.mjs, decisions 0054 and 0056): it
// runs the bundled API (server.cjs beside it) compiled with V8's code cache, as Node 22's
// module.enableCompileCache() does and Node 20 cannot. The first start compiles the bundle and,
// two seconds in, stores the code V8 made (with the functions the start-up ran) in
// server.cjs.v8-cache; later starts skip most of that compiling. V8 refuses a cache made for
// other source, another V8 or other flags, and a refused cache is simply made again. A cache
// that cannot be written (a read-only install) only costs the speed-up.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const here = dirname(fileURLToPath(import.meta.url));
const bundle = join(here, 'server.cjs');
const cacheFile = `${bundle}.v8-cache`;
/** Long enough for the start-up's functions to have been compiled, so the cache holds them. */
const CACHE_WRITE_DELAY_MS = 2_000;

function readCache(): Buffer | undefined {
  try {
    return readFileSync(cacheFile);
  } catch {
    return undefined;
  }
}

function writeCache(script: vm.Script): void {
  // Written aside and renamed, so a reader (another worker starting) never sees half a file.
  const partial = `${cacheFile}.${process.pid}`;
  try {
    writeFileSync(partial, script.createCachedData());
    renameSync(partial, cacheFile);
  } catch {
    rmSync(partial, { force: true });
  }
}

const cachedData = readCache();
// The CommonJS wrapper, as Node's own loader uses; import() inside resolves as in any module.
const script = new vm.Script(`(function (exports, require, module, __filename, __dirname) {${readFileSync(bundle, 'utf8')}\n})`, {
  filename: bundle,
  ...(cachedData ? { cachedData } : {}),
  importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
});
const module = { exports: {} };
(script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(bundle), module, bundle, here);
if (cachedData === undefined || script.cachedDataRejected === true) setTimeout(() => writeCache(script), CACHE_WRITE_DELAY_MS).unref();
