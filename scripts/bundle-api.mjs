#!/usr/bin/env node
// Bundles the compiled API (apps/api/dist/main.js, from `tsc -b`) into one ES module,
// apps/api/dist/server.mjs: what `npm start`, the browser tests, the benchmark and the fault
// campaigns run (decision 0054). Node then reads and compiles one file instead of resolving and
// loading several hundred modules (the core's, zod's, kysely's, hono's) at every start.
//
// Native addons and the drivers loaded only when configured stay outside the bundle and are
// resolved from apps/api's own dependencies: better-sqlite3 and @node-rs/argon2 (native), pg
// (PostgreSQL only) and nodemailer (SMTP only), which the adapters load with createRequire.
// The bundle sits beside dist/config.js, so paths made from import.meta.url (the frontend
// build's default place) are the same.
// Usage: node scripts/bundle-api.mjs
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** The file every runner of the API starts. */
export const API_BUNDLE = `${root}apps/api/dist/server.mjs`;

export async function bundleApi() {
  const started = performance.now();
  const result = await build({
    entryPoints: [`${root}apps/api/dist/main.js`],
    outfile: API_BUNDLE,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['better-sqlite3', '@node-rs/argon2', 'pg', 'nodemailer'],
    // CommonJS packages inside the bundle call require(); an ES module has none of its own.
    banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
    // The workspace packages publish their compiled dist/ (the default condition).
    logLevel: 'warning',
    metafile: true,
  });
  const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
  const inputs = Object.keys(result.metafile.inputs).length;
  console.log(`ok   bundled the API: ${inputs} modules into ${API_BUNDLE.slice(root.length)} (${(bytes / 1024).toFixed(0)} kB) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await bundleApi();
