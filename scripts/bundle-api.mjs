#!/usr/bin/env node
// Bundles the compiled API (apps/api/dist/main.js, from `tsc -b`) into one CommonJS file,
// apps/api/dist/server.cjs, started by apps/api/dist/server.mjs (from src/start-bundle.ts) with
// V8's code cache: what `npm start`, the browser tests, the benchmark and the fault campaigns run
// (decisions 0054, 0056). Node then reads and compiles one file, mostly from the cache, instead of
// resolving and loading several hundred modules (the core's, zod's, kysely's, hono's) at every start.
//
// Native addons and the drivers loaded only when configured stay outside the bundle and are
// resolved from apps/api's own dependencies: better-sqlite3 and @node-rs/argon2 (native), pg
// (PostgreSQL only) and nodemailer (SMTP only), which the adapters load with createRequire; the
// AWS SDK (FILE_STORAGE=s3 only) is required from the S3 adapter's own dependencies (awsSdkOutside).
// The bundle sits beside dist/config.js, so paths made from import.meta.url (the frontend
// build's default place) are the same.
// Usage: node scripts/bundle-api.mjs
import { build } from 'esbuild';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The file every runner of the API starts: it runs the bundle (server.cjs) from V8's code cache. */
export const API_BUNDLE = `${root}apps/api/dist/server.mjs`;
const BUNDLE = `${root}apps/api/dist/server.cjs`;
/** V8's code cache of the bundle, written by the first start that runs 2 s (runWithCodeCache, apps/api/src/code-cache.ts). */
export const API_CODE_CACHE = `${BUNDLE}.v8-cache`;

/**
 * zod's classic API re-exports every one of its ~50 locales as `z.locales` (about 350 kB of
 * source to compile at each start); the API uses English only (zod's default, set from
 * locales/en.js directly), so `z.locales` holds `en` alone in the bundle.
 */
const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(plugin) {
    plugin.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({
      contents: 'export { default as en } from "./en.js";',
      loader: 'js',
    }));
  },
};

/**
 * The AWS SDK (@aws-sdk/client-s3, about 1 MB bundled) stays out of the bundle: the S3 adapter
 * is bundled (it is small) but loads only with FILE_STORAGE=s3, through a dynamic import the
 * bundle keeps lazy, and its SDK is then required from the adapter's own dependencies, found
 * through apps/api/node_modules/@escrow/storage-s3 (the API's dependency; pnpm does not put the
 * SDK in apps/api/node_modules itself). An API on the local disk neither carries nor loads it.
 */
const awsSdkOutside = {
  name: 'aws-sdk-outside',
  setup(plugin) {
    plugin.onResolve({ filter: /^@aws-sdk\/client-s3$/ }, (args) => ({ path: args.path, namespace: 'aws-sdk-outside' }));
    plugin.onLoad({ filter: /.*/, namespace: 'aws-sdk-outside' }, (args) => ({
      contents: `const { createRequire } = require('node:module');
const { realpathSync } = require('node:fs');
const { join } = require('node:path');
module.exports = createRequire(realpathSync(join(__dirname, '../node_modules/@escrow/storage-s3/package.json')))(${JSON.stringify(args.path)});`,
      loader: 'js',
    }));
  },
};

export async function bundleApi() {
  const started = performance.now();
  // A cache of the previous bundle would be refused anyway; removed so the first start makes a new one.
  await rm(API_CODE_CACHE, { force: true });
  const result = await build({
    entryPoints: [`${root}apps/api/dist/main.js`],
    outfile: BUNDLE,
    bundle: true,
    platform: 'node',
    // CommonJS, so the starter can compile it with a code cache (vm.Script); Node 20 has no such
    // thing for an ES module. Its import.meta.url is the bundle's own address.
    format: 'cjs',
    target: 'node20',
    external: ['better-sqlite3', '@node-rs/argon2', 'pg', 'nodemailer'],
    define: { 'import.meta.url': '__bundleUrl' },
    banner: { js: "const __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
    plugins: [zodEnglishOnly, awsSdkOutside],
    // Less source for V8 to compile at start; names are kept, so stack traces stay readable.
    minifyWhitespace: true,
    minifySyntax: true,
    logLevel: 'warning',
    metafile: true,
  });
  await build({ entryPoints: [`${root}apps/api/dist/start-bundle.js`], outfile: API_BUNDLE, bundle: true, platform: 'node', format: 'esm', target: 'node20', logLevel: 'warning' });
  const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
  const inputs = Object.keys(result.metafile.inputs).length;
  console.log(`ok   bundled the API: ${inputs} modules into ${BUNDLE.slice(root.length)} (${(bytes / 1024).toFixed(0)} kB) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleApi();
