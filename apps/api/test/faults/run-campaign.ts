import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * Runs a fault campaign (`scripts/faults/<script>`) as `npm run faults` does, with fewer kills, on
 * the TypeScript sources. Resolves its table rows (the JSON of its last line of output), what it
 * logged and its exit code; rejects when it printed no rows.
 */
export function runFaultCampaign<Row>(script: string, database: string, kills: number): Promise<{ rows: Row[]; log: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`scripts/faults/${script}`, database, '--kills', String(kills), '--source'], {
      cwd: ROOT,
      env: { PATH: process.env['PATH'] ?? '', ...(process.env['DATABASE_URL_TEST'] ? { DATABASE_URL_TEST: process.env['DATABASE_URL_TEST'] } : {}) },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const last = stdout.trim().split('\n').at(-1) ?? '';
      if (!last.startsWith('[')) return reject(new Error(`the campaign exited with ${code} and no row:\n${stderr.slice(-4000)}`));
      resolve({ rows: JSON.parse(last) as Row[], log: stderr, code });
    });
  });
}
