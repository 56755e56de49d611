#!/usr/bin/env node
// `npm test`: install and run every test: lint, typecheck, the dependency rules, the
// core (property-based), adapters on SQLite AND PostgreSQL, the API, and the browser tests
// against the production build. With CI=true PostgreSQL is mandatory.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { build, install, run } from './run-steps.mjs';
import { printFailures } from './report-failures.mjs';

const started = Date.now();
const timings = {};
timings.install = install();
ensureChromium();
timings.lint = run('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
timings.typecheck = run('typecheck', 'node', ['scripts/typecheck.mjs']);
timings.dependencies = run('dependency rules (no cycles, layers; .dependency-cruiser.mjs)', 'npm', ['run', '--silent', 'check:deps']);
mkdirSync('test-results', { recursive: true });
// No report of an earlier run is read as this one's.
for (const report of ['test-results/vitest.json', 'test-results/playwright.json']) rmSync(report, { force: true });
timings.vitest = run('core, adapters (SQLite + PostgreSQL), API', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json'], {
  onFailure: () => printFailures('vitest', 'test-results/vitest.json'),
});
timings.build = build();
timings.browser = run('browser (Playwright, Chromium)', 'npx', ['playwright', 'test'], {
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: 'test-results/playwright.json' },
  onFailure: () => printFailures('playwright', 'test-results/playwright.json'),
});

const unit = JSON.parse(readFileSync('test-results/vitest.json', 'utf8'));
const browser = JSON.parse(readFileSync('test-results/playwright.json', 'utf8'));
const perProject = {};
for (const file of unit.testResults) {
  const project = ['core', 'adapters', 'apps', 'frontends'].find((p) => file.name.includes(`/${p}/`)) ?? 'other';
  perProject[project] ??= { passed: 0, failed: 0, skipped: 0 };
  for (const t of file.assertionResults) {
    const key = t.status === 'passed' ? 'passed' : t.status === 'failed' ? 'failed' : 'skipped';
    perProject[project][key] += 1;
  }
}
const e2e = { passed: browser.stats.expected, failed: browser.stats.unexpected + browser.stats.flaky, skipped: browser.stats.skipped };
const passed = unit.numPassedTests + e2e.passed;
const failed = unit.numFailedTests + e2e.failed;
const skipped = unit.numPendingTests + unit.numTodoTests + e2e.skipped;
console.log('\n=== summary');
for (const [project, c] of Object.entries({ ...perProject, browser: e2e })) console.log(`  ${project.padEnd(9)} ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped`);
console.log(`  time: ${Object.entries(timings).map(([k, v]) => `${k} ${v}s`).join(', ')}; total ${((Date.now() - started) / 1000).toFixed(1)} s`);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);

function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return;
  if (process.getuid?.() === 0) {
    console.log('\n=== Chromium not found: installing Debian\'s chromium package');
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
    const r = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (r.status === 0 && existsSync(path)) return;
  }
  console.error(`Chromium is needed for the browser tests at ${path}: install Debian's chromium package (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(1);
}
