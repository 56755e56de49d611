import { fileURLToPath } from 'node:url';
import { runSource, type SourceRun } from '@escrow/test-kit';

const CLI_DIR = fileURLToPath(new URL('../..', import.meta.url));

export type Run = SourceRun;

/**
 * Runs the real CLI in its own Node process (TypeScript sources through tsx), as an operator
 * would: only PATH and the given variables in its environment.
 */
export function cli(args: readonly string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return runSource({ cwd: CLI_DIR, entry: 'src/main.ts', args, env });
}
