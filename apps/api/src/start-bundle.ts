// What every runner of the API starts (apps/api/dist/server.mjs, decisions 0054 and 0056): the
// bundled API (server.cjs beside it), compiled with V8's code cache (code-cache.ts).
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runWithCodeCache } from './code-cache.js';

runWithCodeCache(join(dirname(fileURLToPath(import.meta.url)), 'server.cjs'));
