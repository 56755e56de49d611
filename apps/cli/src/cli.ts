import { grantAdminCommand } from './commands/grant-admin.js';
import { CliError, EXIT, type CliIo, type Command } from './command.js';

export { CliError, EXIT, type CliIo } from './command.js';

const COMMANDS: readonly Command[] = [grantAdminCommand];

export const USAGE = `escrow-admin: the admin CLI of Escrow Delivery

Usage: escrow-admin <command> [arguments]

Commands:
${COMMANDS.map((c) => `  ${c.usage.padEnd(26)} ${c.summary}`).join('\n')}

It works on the same database as the API, chosen the same way:
  DATABASE_URL   a postgres:// URL selects PostgreSQL
  DATA_DIR       otherwise the SQLite file DATA_DIR/escrow.sqlite (default ./data)

Exit codes: 0 done, 1 failed (e.g. the database cannot be reached), 2 wrong usage,
3 no such account.
Run "escrow-admin <command> --help" for a command's details.`;

const wantsHelp = (args: readonly string[]): boolean => args.some((a) => a === '--help' || a === '-h');

/** Runs one command line; returns the process exit code. Never throws. */
export async function runCli(args: readonly string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    (name === undefined ? io.stderr : io.stdout)(USAGE);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    io.stderr(`escrow-admin: unknown command "${name}"\n\n${USAGE}`);
    return EXIT.usage;
  }
  if (wantsHelp(rest)) {
    io.stdout(command.help);
    return EXIT.ok;
  }
  try {
    return await command.run(rest, env, io);
  } catch (error) {
    if (error instanceof CliError) {
      io.stderr(`escrow-admin ${command.name}: ${error.message}`);
      return error.exitCode;
    }
    io.stderr(`escrow-admin ${command.name}: failed: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.failed;
  }
}
