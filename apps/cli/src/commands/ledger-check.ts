import { checkLedger } from '@escrow/core';
import { cliActor } from '../cli-actor.js';
import { cliArgs } from '../cli-args.js';
import { CliError, EXIT, type Command } from '../command.js';

const USAGE = 'escrow-admin ledger check';

export const ledgerCheckCommand: Command = {
  name: 'ledger check',
  usage: 'ledger check',
  summary: 'check every order and every balance against the ledger',
  help: `Usage: ${USAGE}

Verifies the money records, in one consistent snapshot of the database (the API keeps
running):
  - every order's money columns and status against its own ledger postings (one payment in,
    one release on delivery, one settlement, at most one refund; escrow held as it should);
  - every posting balanced (its lines sum to zero, two lines at least);
  - every account's balance (escrow, platform fees, each seller's and rider's payable, payouts
    and refunds sent, M-Pesa clearing) against the balance the orders call for.
Each discrepancy is printed on its own line.

Exit codes: 0 no discrepancy, 1 discrepancies found (or the check could not run), 2 wrong usage.`,

  async run(args, env, io) {
    cliArgs(args, {}, USAGE, { min: 0, max: 0 });
    // The database drivers load only once the arguments are known to be right (help stays quick).
    const { withAdminContext } = await import('../admin-context.js');
    return withAdminContext(env, async (ctx) => {
      const result = await checkLedger(ctx, { actor: cliActor(env) });
      if (!result.ok) throw new CliError(result.error.code, EXIT.failed);
      const { orders, postings, accounts, discrepancies } = result.value;
      const scope = `${orders} order${orders === 1 ? '' : 's'}, ${postings} posting${postings === 1 ? '' : 's'}, ${accounts} account${accounts === 1 ? '' : 's'}`;
      if (discrepancies.length === 0) {
        io.stdout(`Ledger check passed: ${scope}, no discrepancies.`);
        return EXIT.ok;
      }
      io.stdout(`Ledger check FAILED: ${discrepancies.length} discrepanc${discrepancies.length === 1 ? 'y' : 'ies'} in ${scope}:`);
      for (const line of discrepancies) io.stdout(`  - ${line}`);
      return EXIT.failed;
    });
  },
};
