#!/usr/bin/env node
// Cold start (issue 18): from spawning the API as `npm start` runs it (the bundle,
// apps/api/dist/server.mjs; SQLite in a temp DATA_DIR) to its first 200 on /api/health, against a bare Hono app on
// @hono/node-server (bench/bare-hono.mjs) answering the same route, measured alternately in the same run.
// The restarts measured start from the code cache the first start wrote (decision 0056).
// Target: the API within 2x the bare app (optional parts, such as pg and nodemailer, load only
// when configured). Needs the API built (`npm run build`).
// Usage: node bench/cold-start.mjs [runs=10]
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_BUNDLE, API_CODE_CACHE } from '../scripts/bundle-api.mjs';
import { freePort, root } from './api-process.mjs';
import { keepAliveAgent, request } from './http-client.mjs';

export const COLD_START_RATIO_TARGET = 2;

const runs = Number(process.argv[2] ?? 10);

/** Spawns `args` with `env` and resolves the ms until GET /api/health answers 200; `whenHealthy` runs before it stops. */
async function coldStart(args, env, whenHealthy = async () => {}) {
  const port = await freePort();
  const agent = keepAliveAgent(1);
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env: { PATH: process.env.PATH, ...env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  // The API logs errors to standard output too (decision 0068): the tail of both shows why a start failed.
  let errors = '';
  const keep = (chunk) => (errors = (errors + chunk).slice(-4_000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`exited at start: ${errors}`);
      const reply = await request(agent, `http://127.0.0.1:${port}`, { path: '/api/health', timeoutMs: 1_000 }).catch(() => null);
      if (reply?.status === 200) {
        const elapsed = performance.now() - started;
        await whenHealthy();
        return elapsed;
      }
      if (performance.now() - started > 30_000) throw new Error(`not healthy in 30 s: ${errors}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    agent.destroy();
    child.kill('SIGKILL');
    await new Promise((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', resolve)));
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const dataDir = mkdtempSync(join(tmpdir(), 'escrow-cold-'));
// The baseline: bench/bare-hono.mjs, the same bare app the bench's buyer-read baseline runs, answering /api/health.
const bareDir = mkdtempSync(join(tmpdir(), 'escrow-cold-bare-'));
const bareBody = join(bareDir, 'health.json');
writeFileSync(bareBody, JSON.stringify({ data: { status: 'ok' } }));
const apiEnv = { DATA_DIR: dataDir, HOST: '127.0.0.1', NODE_ENV: 'production', FRONTEND_DIST: join(root, 'frontends/shell/dist'), PAYBILL_BUSINESS_NUMBER: '522533', PAYBILL_ACCOUNT_NAME: 'Escrow Delivery Ltd' };
const bare = [];
const api = [];
let first;
try {
  // The first start makes the database (every migration) and, as a server that keeps running
  // does, V8's code cache of the bundle (decision 0056); the runs measured are restarts.
  first = await coldStart([API_BUNDLE], apiEnv, async () => {
    const until = performance.now() + 10_000;
    while (!existsSync(API_CODE_CACHE) && performance.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
    if (!existsSync(API_CODE_CACHE)) process.stderr.write(`[cold] no code cache at ${API_CODE_CACHE}: restarts compile the whole bundle\n`);
  });
  for (let i = 0; i < runs; i += 1) {
    bare.push(await coldStart([join(root, 'bench/bare-hono.mjs')], { BODY_FILE: bareBody }));
    api.push(await coldStart([API_BUNDLE], apiEnv));
    process.stderr.write(`[cold] run ${i + 1}/${runs}: bare Hono ${Math.round(bare.at(-1))} ms, API ${Math.round(api.at(-1))} ms\n`);
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(bareDir, { recursive: true, force: true });
}
const ratio = median(api) / median(bare);
console.log(`Cold start, spawn to the first 200 on /api/health (median of ${runs}, alternating): bare Hono ${Math.round(median(bare))} ms, the API restarting on its SQLite database ${Math.round(median(api))} ms (its first start, making the database: ${Math.round(first)} ms)`);
console.log(`  ratio ${ratio.toFixed(2)}x (target <= ${COLD_START_RATIO_TARGET}x): ${ratio <= COLD_START_RATIO_TARGET ? 'MET' : 'MISSED'}`);
