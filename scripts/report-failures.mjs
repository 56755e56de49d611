// What failed, and why, printed last: a CI log is often read from its tail, where Playwright's
// line reporter has long scrolled its inline failures away. Reads the JSON reports that
// scripts/test.mjs asks vitest and Playwright for.
import { existsSync, readFileSync } from 'node:fs';

// eslint-disable-next-line no-control-regex -- terminal colour codes start with ESC
const ANSI = /\u001b\[[0-9;]*m/g;
const MAX_LINES = 40;

/** The failed tests of a Playwright JSON report: title path, file:line, and each try's error. */
export function playwrightFailures(report) {
  const failures = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const errors = (test.results ?? []).flatMap((result) => (result.errors ?? []).map((error) => error.stack ?? error.message ?? String(error)));
        failures.push({ title: [...titles, spec.title].filter(Boolean).join(' › '), where: `${spec.file}:${spec.line}`, errors });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title === child.file ? '' : child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return failures;
}

/** The failed tests of a vitest JSON report. */
export function vitestFailures(report) {
  return (report.testResults ?? []).flatMap((file) => [
    ...(file.status === 'failed' && (file.assertionResults ?? []).length === 0 ? [{ title: '(the file failed to run)', where: file.name, errors: [file.message ?? ''] }] : []),
    ...(file.assertionResults ?? [])
      .filter((test) => test.status === 'failed')
      .map((test) => ({ title: [...(test.ancestorTitles ?? []), test.title].join(' › '), where: file.name, errors: test.failureMessages ?? [] })),
  ]);
}

const clip = (text) => {
  const lines = text.replace(ANSI, '').split('\n');
  return lines.length > MAX_LINES ? [...lines.slice(0, MAX_LINES), `… (${lines.length - MAX_LINES} more lines)`].join('\n') : lines.join('\n');
};

/** Prints the failures found in `file` (a JSON report of `kind`), if it exists and parses. */
export function printFailures(kind, file) {
  if (!existsSync(file)) return;
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return;
  }
  const failures = kind === 'playwright' ? playwrightFailures(report) : vitestFailures(report);
  if (failures.length === 0) return;
  console.error(`\n=== what failed (${failures.length}), from ${file}`);
  for (const failure of failures) {
    console.error(`\n--- ${failure.title}\n    ${failure.where}`);
    for (const error of failure.errors) console.error(clip(error).replace(/^/gm, '    '));
  }
}
