/** Where a command writes; the real process uses stdout and stderr, tests collect lines. */
export interface CliIo {
  /** A line for the operator (stdout). */
  stdout(text: string): void;
  /** A line about a problem or progress (stderr), never mixed into data on stdout. */
  stderr(text: string): void;
  /** Raw data to stdout (a CSV), resolved once it may be written again (backpressure). */
  write(chunk: string): Promise<void>;
}

/**
 * 0 done; 1 failed (the database, the disk, a discrepancy found by `ledger check`); 2 wrong
 * usage; 3 no such account or order; 4 refused by the rules (already settled, not delivered).
 */
export const EXIT = { ok: 0, failed: 1, usage: 2, notFound: 3, refused: 4 } as const;

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
  /** One word (`grant-admin`) or a group and a verb (`ledger check`). */
  readonly name: string;
  readonly usage: string;
  readonly summary: string;
  readonly help: string;
  run(args: readonly string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number>;
}
