#!/usr/bin/env node
// Type-checks everything in strict mode: the backend packages as one project build, then the
// test code of each package, the browser tests and the frontends (which Vite does not check).
import { existsSync, readdirSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const configs = [];
for (const parent of ['core', 'adapters', 'apps', 'frontends']) {
  const dirs = parent === 'core' ? ['core'] : readdirSync(parent).map((d) => `${parent}/${d}`);
  for (const dir of dirs) {
    if (existsSync(`${dir}/tsconfig.test.json`)) configs.push(`${dir}/tsconfig.test.json`);
    else if (parent === 'frontends' && existsSync(`${dir}/tsconfig.json`)) configs.push(`${dir}/tsconfig.json`);
  }
}
if (existsSync('e2e/tsconfig.json')) configs.push('e2e/tsconfig.json');

const tsc = (args) => spawnSync(process.execPath, ['node_modules/typescript/bin/tsc', ...args], { stdio: 'inherit' }).status === 0;
let ok = tsc(['-b', 'tsconfig.json']);
for (const config of configs) {
  const passed = tsc(['-p', config, '--noEmit']);
  console.log(`${passed ? 'ok  ' : 'FAIL'} ${config}`);
  ok &&= passed;
}
process.exit(ok ? 0 : 1);
