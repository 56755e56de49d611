import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { once } from 'node:events';
import { exportOrdersCsv, type AdminQueries, type OrderExportRow } from '@escrow/core';
import { cliActor } from '../cli-actor.js';
import { cliArgs } from '../cli-args.js';
import { CliError, EXIT, type Command } from '../command.js';

const USAGE = 'escrow-admin export-csv [--out FILE] [--from YYYY-MM-DD] [--to YYYY-MM-DD]';

/** Counts the orders as the export reads them (for the summary line), changing nothing. */
function counting(queries: AdminQueries, counter: { orders: number }): AdminQueries {
  return {
    ...queries,
    exportOrders: (range) =>
      (async function* (): AsyncGenerator<OrderExportRow> {
        for await (const row of queries.exportOrders(range)) {
          counter.orders += 1;
          yield row;
        }
      })(),
  };
}

/** Writes the chunks to FILE through a temporary file renamed at the end: never a half file under FILE's name. */
async function writeFileAtomically(path: string, chunks: AsyncIterable<string>): Promise<void> {
  const partial = `${path}.partial-${process.pid}`;
  const out = createWriteStream(partial, { flags: 'wx' });
  try {
    await once(out, 'open');
    for await (const chunk of chunks) {
      if (!out.write(chunk)) await once(out, 'drain');
    }
    out.end();
    await once(out, 'finish');
    await rename(partial, path);
  } catch (error) {
    out.destroy();
    await rm(partial, { force: true });
    throw error;
  }
}

export const exportCsvCommand: Command = {
  name: 'export-csv',
  usage: 'export-csv [--out FILE]',
  summary: 'export the orders as CSV (the admin screen\'s Export Data)',
  help: `Usage: ${USAGE}

Writes the orders as CSV, the same file as Export Data on the admin screen (one writer for
both): order id, item, seller, buyer, price, status, payment method, seller payout, rider
payout, service fee, created at (the spec's columns), then M-Pesa receipt (the buyer's
payment), Payout reference (the seller payout's M-Pesa receipt, or Mark Paid's reference) and
Payout state (as "payouts list" words it, or "Paid by hand" for an order settled without
payouts); money in KSh with 2 decimals, times in Nairobi time; RFC 4180
quoting; cells that a spreadsheet would run as formulas are neutralised. Orders are read in
batches and written as they come, so any number of orders fits in little memory.

Options:
  --out FILE           write to FILE (replaced only once the export is complete); without it,
                       the CSV goes to standard output and the summary to standard error
  --from YYYY-MM-DD    only orders created on or after this day (Nairobi time)
  --to YYYY-MM-DD      only orders created on or before this day (Nairobi time)

Exit codes: 0 exported, 1 failed (database, disk), 2 wrong usage or dates.`,

  async run(args, env, io) {
    const { values } = cliArgs(args, { out: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' } }, USAGE, { min: 0, max: 0 });
    if (values.out !== undefined && values.out.trim() === '') throw new CliError(`--out needs a file name. Usage: ${USAGE}`, EXIT.usage);
    // The database drivers load only once the arguments are known to be right (help stays quick).
    const { withAdminContext } = await import('../admin-context.js');
    return withAdminContext(env, async (ctx) => {
      const counter = { orders: 0 };
      const result = await exportOrdersCsv({ adminQueries: counting(ctx.adminQueries, counter), clock: ctx.clock }, { actor: cliActor(env), from: values.from, to: values.to });
      if (!result.ok) throw new CliError(result.error.message ?? result.error.code, result.error.code === 'VALIDATION_FAILED' ? EXIT.usage : EXIT.failed);
      if (values.out === undefined) {
        for await (const chunk of result.value.chunks) await io.write(chunk);
        io.stderr(`Exported ${counter.orders} order${counter.orders === 1 ? '' : 's'}.`);
      } else {
        const path = resolve(values.out);
        try {
          await writeFileAtomically(path, result.value.chunks);
        } catch (error) {
          throw new CliError(`the export to ${path} failed (nothing was written there): ${error instanceof Error ? error.message : String(error)}`, EXIT.failed);
        }
        io.stdout(`Exported ${counter.orders} order${counter.orders === 1 ? '' : 's'} to ${path}.`);
      }
      return EXIT.ok;
    });
  },
};
