import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createTestSchema, postgresForTests } from '@escrow/test-kit/postgres';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * Composes the API in a process of its own (from source, as the tests run it) with `env`, serves
 * one /api/health, and answers which optional drivers the process loaded.
 */
function loadedDrivers(env: Record<string, string>): { pg: boolean; nodemailer: boolean; health: number } {
  const script = `
    import Module from 'node:module';
    import { compose } from './apps/api/src/composition-root.ts';
    import { loadConfig } from './apps/api/src/config.ts';
    const silent = { debug() {}, info() {}, warn() {}, error() {} };
    const composed = await compose(loadConfig(process.env), silent, { dispatchIntervalMs: 60_000 });
    const health = (await composed.app.request('http://localhost/api/health')).status;
    const keys = Object.keys(Module._cache);
    await composed.close();
    console.log(JSON.stringify({ pg: keys.some((k) => k.includes('/node_modules/pg/')), nodemailer: keys.some((k) => k.includes('/node_modules/nodemailer/')), health }));
  `;
  const dataDir = mkdtempSync(join(tmpdir(), 'escrow-modules-'));
  try {
    const run = spawnSync(process.execPath, ['--conditions=@escrow/source', '--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      env: { PATH: process.env['PATH'] ?? '', DATA_DIR: dataDir, FRONTEND_DIST: '/nonexistent', PAYBILL_BUSINESS_NUMBER: '522533', PAYBILL_ACCOUNT_NAME: 'Escrow Delivery Ltd', ...env },
      encoding: 'utf8',
      timeout: 120_000,
    });
    const line = run.stdout.trim().split('\n').at(-1) ?? '';
    if (run.status !== 0 || !line.startsWith('{')) throw new Error(`composing failed (${run.status}): ${run.stderr.slice(-2000)}`);
    return JSON.parse(line) as { pg: boolean; nodemailer: boolean; health: number };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const postgres = await postgresForTests('optional drivers');

describe('optional drivers load only when configured (issue 18: cold start)', () => {
  it('on SQLite without SMTP, neither pg nor nodemailer is loaded', { timeout: 150_000 }, () => {
    expect(loadedDrivers({})).toEqual({ pg: false, nodemailer: false, health: 200 });
  });

  it.runIf(postgres.available)('with PostgreSQL and SMTP configured, both are loaded and the API is healthy', { timeout: 150_000 }, async () => {
    const schema = await createTestSchema(postgres.url);
    try {
      const url = new URL(postgres.url);
      url.searchParams.set('options', `-c search_path=${schema.schema}`);
      expect(loadedDrivers({ DATABASE_URL: url.toString(), SMTP_URL: 'smtp://127.0.0.1:2525', SMTP_FROM: 'Escrow Delivery <no-reply@example.com>' })).toEqual({ pg: true, nodemailer: true, health: 200 });
    } finally {
      await schema.drop();
    }
  });
});
