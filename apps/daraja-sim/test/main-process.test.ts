import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const MAIN = 'apps/daraja-sim/src/main.ts';

describe('the daraja-sim process (src/main.ts)', () => {
  it('prints its URL, serves, and exits 0 on SIGTERM', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: repoRoot,
      env: { ...process.env, DARAJA_SIM_PORT: '0', DARAJA_SIM_HOST: '127.0.0.1', DARAJA_SIM_MSISDN: 'masked' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let output = '';
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const url = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no URL printed: ${output}`)), 20_000);
        child.stdout.on('data', (chunk: Buffer) => {
          output += chunk.toString();
          const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
          if (match?.[1]) {
            clearTimeout(timer);
            resolve(match[1]);
          }
        });
      });
      expect((await fetch(`${url}/phone`)).status).toBe(200);
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('refuses a bad environment with exit code 1', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', MAIN], {
      cwd: repoRoot,
      env: { ...process.env, DARAJA_SIM_PORT: 'port', DARAJA_SIM_MSISDN: 'hashed' },
      encoding: 'utf8',
      timeout: 20_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('DARAJA_SIM_PORT');
    expect(run.stderr).toContain('DARAJA_SIM_MSISDN');
  });
});
