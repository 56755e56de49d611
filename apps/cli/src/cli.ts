import { infrastructureFailure } from '@escrow/db-kysely';
import { exportCsvCommand } from './commands/export-csv.js';
import { grantAdminCommand } from './commands/grant-admin.js';
import { ledgerCheckCommand } from './commands/ledger-check.js';
import { outboxStatusCommand } from './commands/outbox-status.js';
import { paymentsListCommand, paymentsReconcileCommand } from './commands/payments.js';
import { payoutsApproveCommand, payoutsRetryCommand } from './commands/payouts-decide.js';
import { payoutsListCommand, payoutsReconcileCommand } from './commands/payouts-read.js';
import { purgeInactiveCommand } from './commands/purge-inactive.js';
import { settleCommand } from './commands/settle.js';
import { settlementsListCommand } from './commands/settlements-list.js';
import { storageCheckCommand, storageMigrateCommand } from './commands/storage.js';
import { sweepFilesCommand } from './commands/sweep-files.js';
import { CliError, EXIT, type CliIo, type Command } from './command.js';

export { CliError, EXIT, type CliIo } from './command.js';

const COMMANDS: readonly Command[] = [grantAdminCommand, settlementsListCommand, settleCommand, exportCsvCommand, ledgerCheckCommand, purgeInactiveCommand, sweepFilesCommand, storageMigrateCommand, storageCheckCommand, outboxStatusCommand, paymentsListCommand, paymentsReconcileCommand, payoutsListCommand, payoutsRetryCommand, payoutsApproveCommand, payoutsReconcileCommand];

export const USAGE = `escrow-admin: the admin CLI of Escrow Delivery

Usage: escrow-admin <command> [arguments]

Commands:
${COMMANDS.map((c) => `  ${c.usage.padEnd(36)} ${c.summary}`).join('\n')}

It works on the same database as the API, chosen the same way:
  DATABASE_URL     a postgres:// URL selects PostgreSQL
  DATA_DIR         otherwise the SQLite file DATA_DIR/escrow.sqlite (default ./data); the
                   stored photos are under DATA_DIR/uploads either way
  ESCROW_OPERATOR  who you are in the audit trail (default: your operating-system user)
  MPESA_PAYOUTS    the API's: automatic or approval when payouts are paid by M-Pesa (the
                   "payouts" commands queue them; the API's payout worker sends them), off
                   (the default) when they are paid by hand and recorded with "settle"

Exit codes: 0 done, 1 failed (e.g. the database cannot be reached, or the ledger check or the
payout reconciliation found a discrepancy), 2 wrong usage, 3 no such account, order or
payout, 4 refused by the rules (e.g. the order is already settled).
Run "escrow-admin <command> --help" for a command's details.`;

const wantsHelp = (args: readonly string[]): boolean => args.some((a) => a === '--help' || a === '-h');

/** The command a command line names (`settle ...`, `ledger check ...`), and the arguments after its name. */
function commandOf(args: readonly string[]): { command: Command; rest: readonly string[] } | { group: string; verbs: Command[] } | null {
  const [first, second] = args;
  for (const command of COMMANDS) {
    const words = command.name.split(' ');
    if (words.length === 1 && words[0] === first) return { command, rest: args.slice(1) };
    if (words.length === 2 && words[0] === first && words[1] === second) return { command, rest: args.slice(2) };
  }
  const verbs = COMMANDS.filter((c) => c.name.startsWith(`${first} `));
  return verbs.length > 0 ? { group: String(first), verbs } : null;
}

/** Runs one command line; returns the process exit code. Never throws. */
export async function runCli(args: readonly string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const [name] = args;
  if (name === undefined || name === 'help' || name === '--help' || name === '-h') {
    (name === undefined ? io.stderr : io.stdout)(USAGE);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const found = commandOf(args);
  if (!found) {
    io.stderr(`escrow-admin: unknown command "${name}"\n\n${USAGE}`);
    return EXIT.usage;
  }
  if ('group' in found) {
    // Each command of the group with its arguments and what it does, as the general usage lists them.
    const width = Math.max(...found.verbs.map((v) => v.usage.length));
    const list = found.verbs.map((v) => `  escrow-admin ${v.usage.padEnd(width)}  ${v.summary}`).join('\n');
    if (wantsHelp(args.slice(1))) {
      io.stdout(`"${found.group}" commands:\n${list}`);
      return EXIT.ok;
    }
    io.stderr(`escrow-admin: ${args[1] === undefined ? `"${found.group}" needs a command` : `unknown command "${found.group} ${args[1]}"`}. Did you mean:\n${list}`);
    return EXIT.usage;
  }
  const { command, rest } = found;
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
    const message = error instanceof Error ? error.message : String(error);
    const failure = infrastructureFailure(error);
    if (failure) {
      // A dropped connection or a full disk: say so plainly; a retry is safe (settle runs once).
      io.stderr(`escrow-admin ${command.name}: failed: the ${failure.part === 'storage' ? 'disk' : 'database'} is unavailable (${failure.reason}, ${failure.cause}): ${message}. Try again.`);
      return EXIT.failed;
    }
    io.stderr(`escrow-admin ${command.name}: failed: ${message}`);
    return EXIT.failed;
  }
}
