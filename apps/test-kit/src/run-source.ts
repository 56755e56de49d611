import { spawn } from 'node:child_process';

/** What a finished process printed, and how it ended. */
export interface SourceRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Runs a program of ours from its TypeScript in a Node process of its own (tsx, the
 * `@escrow/source` condition), as an operator would run it: only PATH and `env` in its
 * environment (entries that are not strings are left out). Resolves when it exits.
 */
export function runSource(options: { readonly cwd: string; readonly entry: string; readonly args: readonly string[]; readonly env: NodeJS.ProcessEnv }): Promise<SourceRun> {
  const env = Object.fromEntries(Object.entries(options.env).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=@escrow/source', '--import', 'tsx', options.entry, ...options.args], {
      cwd: options.cwd,
      env: { PATH: process.env['PATH'] ?? '', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
