/** Where a command writes; the real process uses stdout and stderr, tests collect lines. */
export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

export const EXIT = { ok: 0, failed: 1, usage: 2, notFound: 3 } as const;

/** A refusal the user can act on: printed without a stack, with its own exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export interface Command {
  readonly name: string;
  readonly usage: string;
  readonly summary: string;
  readonly help: string;
  run(args: readonly string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number>;
}
