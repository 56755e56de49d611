#!/usr/bin/env node
// Builds every frontend and lays them out as the API serves them:
//   frontends/shell/dist/                 the shell (host) at /
//   frontends/shell/dist/remotes/<name>/  each remote, its remoteEntry.js included
//   frontends/shell/dist/pages/<name>/    the lean pages: buyer, rider (decision 0053), landing (0055)
// Type checks run beside the Vite builds (Vite itself does not type-check), text files are
// compressed once (precompress.mjs), then the first-load JavaScript of a public page and of a
// remote-backed page is reported.
import { spawn } from 'node:child_process';
import { cp, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { precompress } from './precompress.mjs';
import { reportFirstLoadJs } from './report-first-load-js.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const frontend = (name) => `${root}frontends/${name}`;

/** Remotes loaded by the shell; each is served from /remotes/<name>/ (see its vite.config.ts base). */
const REMOTES = ['buyer', 'seller', 'rider', 'admin'];

/** Frontends that also build a lean page of their own (vite.page.config.ts, page.html), by page name. */
const LEAN_PAGES = [
  { app: 'buyer', page: 'buyer' },
  { app: 'rider', page: 'rider' },
  { app: 'shell', page: 'landing' },
];

const shellDist = `${frontend('shell')}/dist`;
const tsc = `${root}node_modules/typescript/bin/tsc`;
const viteOf = (name) => `${frontend(name)}/node_modules/vite/bin/vite.js`;

/** Runs a node script, keeping its output until it ends so parallel steps do not interleave. */
function run(label, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd, env: { ...process.env, FORCE_COLOR: '0' } });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) {
        console.log(`ok   ${label}`);
        resolve();
      } else {
        console.error(`FAIL ${label}\n${output}`);
        reject(new Error(`${label} failed with exit code ${code}`));
      }
    });
  });
}

const started = performance.now();
const apps = ['shell', ...REMOTES];
await Promise.all([
  ...apps.map((name) => rm(`${frontend(name)}/dist`, { recursive: true, force: true })),
  ...LEAN_PAGES.map(({ app }) => rm(`${frontend(app)}/dist-page`, { recursive: true, force: true })),
]);

await Promise.all([
  ...['ui', ...apps].map((name) => run(`typecheck ${name}`, [tsc, '-p', `${frontend(name)}/tsconfig.json`], root)),
  ...apps.map((name) => run(`vite build ${name}`, [viteOf(name), 'build', '--logLevel', 'warn'], frontend(name))),
  ...LEAN_PAGES.map(({ app, page }) => run(`vite build ${page} page`, [viteOf(app), 'build', '--config', 'vite.page.config.ts', '--logLevel', 'warn'], frontend(app))),
]);

for (const name of REMOTES) {
  await cp(`${frontend(name)}/dist`, `${shellDist}/remotes/${name}`, { recursive: true });
}
for (const { app, page } of LEAN_PAGES) {
  await cp(`${frontend(app)}/dist-page`, `${shellDist}/pages/${page}`, { recursive: true });
}
const packed = await precompress(shellDist);
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} kB`;
console.log(`ok   precompressed ${packed.files} files (${kb(packed.bytes)}): brotli ${kb(packed.br)}, gzip ${kb(packed.gz)}`);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`\nBuilt ${apps.join(', ')} into ${shellDist} in ${seconds} s`);

await reportFirstLoadJs(shellDist);
