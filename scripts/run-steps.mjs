// Small helpers shared by scripts/start.mjs and scripts/test.mjs: run a command in the
// foreground with inherited output and stop on the first failure.
import { spawnSync } from 'node:child_process';

export const PNPM = ['npx', '-y', 'pnpm@10.34.8'];

export function run(title, command, args, options = {}) {
  const started = Date.now();
  console.log(`\n=== ${title}: ${[command, ...args].join(' ')}`);
  const { onFailure: _onFailure, ...spawnOptions } = options;
  const result = spawnSync(command, args, { stdio: 'inherit', ...spawnOptions, env: { ...process.env, ...options.env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    options.onFailure?.();
    console.error(`\n=== ${title} FAILED after ${seconds} s (exit ${result.status ?? result.signal})`);
    process.exit(result.status || 1);
  }
  console.log(`=== ${title} done in ${seconds} s`);
  return Number(seconds);
}

export function install() {
  // --frozen-lockfile: a fresh clone installs exactly what was tested.
  return run('install', PNPM[0], [...PNPM.slice(1), 'install', '--frozen-lockfile']);
}

export function build() {
  run('build backend', 'npx', ['tsc', '-b', 'tsconfig.json']);
  run('bundle the API', 'node', ['scripts/bundle-api.mjs']);
  return run('build frontends', 'node', ['scripts/build-frontends.mjs']);
}
