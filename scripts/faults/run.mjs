#!/usr/bin/env node
// `npm run faults`: the fault campaigns against the compiled API as real processes, on SQLite
// and PostgreSQL (minutes, not in CI), then one table: rounds, requests, duplicates, changed
// answers, process exits, hung requests, resets, ledger result. Exit 1 if any campaign found a
// duplicate, a changed answer, an unexpected exit, a hung request or a ledger discrepancy.
//
// Environment: FAULTS_CAMPAIGNS (all: kill-keyed,connection-loss,shutdown,outbox-soak,files,payout-kills),
// FAULTS_DATABASES (sqlite,postgres), FAULTS_KILLS (100 kill -9s per database), FAULTS_PAYOUT_KILLS
// (the payout campaign's kills between a B2C request and its Result; default FAULTS_KILLS),
// FAULTS_MINUTES (the soak's length; its own default), DATABASE_URL_BENCH (the PostgreSQL server).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApiAndCli, root } from '../../bench/api-process.mjs';

const env = process.env;
const CAMPAIGNS = (env.FAULTS_CAMPAIGNS ?? 'kill-keyed,connection-loss,shutdown,outbox-soak,files,payout-kills').split(',').map((c) => c.trim()).filter(Boolean);
const DATABASES = (env.FAULTS_DATABASES ?? 'sqlite,postgres').split(',').map((d) => d.trim()).filter(Boolean);
const log = (line) => process.stderr.write(`[faults] ${line}\n`);

const options = { kills: Number(env.FAULTS_KILLS ?? 100) };
/** Options of one campaign: the payout campaign counts its kills on its own. */
const optionsFor = (name) => (name === 'payout-kills' ? { ...options, kills: Number(env.FAULTS_PAYOUT_KILLS ?? options.kills) } : options);

async function main() {
  buildApiAndCli(log);
  const rows = [];
  for (const name of CAMPAIGNS) {
    const file = join(root, 'scripts/faults', `${name}.mjs`);
    if (!existsSync(file)) {
      log(`no campaign ${name} (${file}); skipped`);
      continue;
    }
    const { campaign } = await import(pathToFileURL(file).href);
    for (const database of DATABASES) {
      const started = Date.now();
      log(`${name} on ${database}`);
      try {
        const result = await campaign({ database, log, ...optionsFor(name) });
        for (const row of result) rows.push({ ...row, seconds: (Date.now() - started) / 1000 / result.length });
      } catch (error) {
        log(`${name} on ${database} failed: ${error.stack ?? error}`);
        rows.push({ campaign: name, database, ledger: 'n/a', notes: `THE CAMPAIGN FAILED: ${error.message}`, failed: true });
      }
    }
  }
  print(rows);
  // `problems`: the checks a campaign counts on its own (the payout campaign: a payout not paid exactly once, an order not settled ...).
  const bad = rows.filter((r) => r.failed || r.duplicates > 0 || r.changedAnswers > 0 || r.processExits > 0 || r.hung > 0 || r.lost > 0 || r.problems > 0 || (r.ledger && r.ledger !== 'pass' && r.ledger !== 'n/a'));
  if (bad.length > 0) {
    console.log(`\n${bad.length} campaign row(s) found a fault: see above.`);
    process.exitCode = 1;
  }
}

function print(rows) {
  const columns = [
    ['campaign', 28, (r) => r.campaign],
    ['database', 9, (r) => r.database],
    ['rounds', 7, (r) => r.rounds],
    ['requests', 9, (r) => r.requests],
    ['duplicates', 11, (r) => r.duplicates],
    ['changed answers', 16, (r) => r.changedAnswers],
    ['process exits', 14, (r) => r.processExits],
    ['hung', 5, (r) => r.hung],
    ['resets', 7, (r) => r.resets],
    ['ledger', 7, (r) => (r.ledger === undefined || r.ledger === 'pass' || r.ledger === 'n/a' ? r.ledger : 'FAIL')],
    ['seconds', 8, (r) => (r.seconds === undefined ? '' : r.seconds.toFixed(0))],
  ];
  const cell = (value, width) => String(value ?? '-').padEnd(width);
  console.log('');
  console.log('Fault campaigns (real API processes, real SQLite / PostgreSQL, real HTTP; `resets` = requests cut in flight):');
  console.log(columns.map(([title, width]) => cell(title, width)).join(' '));
  console.log('-'.repeat(columns.reduce((n, [, width]) => n + width + 1, 0)));
  for (const row of rows) console.log(columns.map(([, width, value]) => cell(value(row), width)).join(' '));
  console.log('');
  for (const row of rows) {
    if (row.notes) console.log(`${row.campaign} / ${row.database}: ${row.notes}`);
    if (row.ledger && row.ledger !== 'pass' && row.ledger !== 'n/a') console.log(`  ledger: ${row.ledger}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
