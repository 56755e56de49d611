import { formatKsh, listSettlementQueue, MAX_PAGE_SIZE, nairobiDateTime, sumCents, type SettlementQueueRow } from '@escrow/core';
import { cliActor } from '../cli-actor.js';
import { cliArgs } from '../cli-args.js';
import { CliError, EXIT, type Command } from '../command.js';

const USAGE = 'escrow-admin settlements list [--json]';

const METHOD_NAMES = { direct_mpesa: 'M-Pesa', paybill: 'Paybill', till_number: 'Till' } as const;

const cell = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width));

function table(rows: readonly SettlementQueueRow[]): string[] {
  const header = `${cell('TRACKING', 12)} ${cell('DELIVERED (EAT)', 16)} ${cell('SELLER', 22)} ${cell('PAY SELLER TO', 24)} ${'SELLER PAYOUT'.padStart(16)}  ${cell('RIDER PHONE', 14)} ${'RIDER PAYOUT'.padStart(14)}`;
  return [
    header,
    ...rows.map((r) => {
      const to = r.sellerPaymentMethod ? `${METHOD_NAMES[r.sellerPaymentMethod]} ${r.sellerPaymentNumber ?? ''}` : 'unknown';
      const delivered = r.deliveredAt ? nairobiDateTime(r.deliveredAt).slice(0, 16) : '-';
      const rider = r.riderShare > 0 ? (r.riderPhone ?? '-') : '-';
      return `${cell(r.trackingNumber, 12)} ${cell(delivered, 16)} ${cell(r.sellerBusinessName ?? 'N/A', 22)} ${cell(to, 24)} ${formatKsh(r.sellerPayout).padStart(16)}  ${cell(rider, 14)} ${formatKsh(r.riderShare).padStart(14)}`;
    }),
  ];
}

export const settlementsListCommand: Command = {
  name: 'settlements list',
  usage: 'settlements list [--json]',
  summary: 'orders awaiting settlement, with where each payout goes',
  help: `Usage: ${USAGE}

Lists the orders awaiting settlement (delivered with the buyer's code, not yet paid out),
longest waiting first: tracking number, when it was delivered (Nairobi time), the seller and
the M-Pesa number, Paybill or Till to pay, the seller payout, and the rider's phone and share
when the seller pays delivery (a buyer who pays delivery paid the rider at the door).

Pay them, then record each payout exactly once:
  escrow-admin settle TRACKING --reference M-PESA-REF
(or press Mark Paid on the admin screen). Where the API pays by M-Pesa (MPESA_PAYOUTS), approve
them instead ("escrow-admin payouts approve TRACKING"; automatic deployments need nothing).

Options:
  --json   one JSON document instead of the table (amounts in integer cents)

Exit codes: 0 listed (also when none is waiting), 1 failed, 2 wrong usage.`,

  async run(args, env, io) {
    const { values } = cliArgs(args, { json: { type: 'boolean' } }, USAGE, { min: 0, max: 0 });
    // The database drivers load only once the arguments are known to be right (help stays quick).
    const { withAdminContext } = await import('../admin-context.js');
    return withAdminContext(env, async (ctx) => {
      const rows: SettlementQueueRow[] = [];
      for (let page = 1; ; page += 1) {
        const result = await listSettlementQueue(ctx, { actor: cliActor(env), page, pageSize: MAX_PAGE_SIZE });
        if (!result.ok) throw new CliError(result.error.code, EXIT.failed);
        rows.push(...result.value.items);
        if (rows.length >= result.value.total || result.value.items.length === 0) break;
      }
      const sellers = sumCents(rows.map((r) => r.sellerPayout));
      const riders = sumCents(rows.map((r) => r.riderShare));
      if (values.json) {
        io.stdout(JSON.stringify({ orders: rows, totals: { orders: rows.length, sellerPayoutCents: sellers, riderPayoutCents: riders, totalCents: sellers + riders } }, null, 2));
        return EXIT.ok;
      }
      if (rows.length === 0) {
        io.stdout('No orders are awaiting settlement.');
        return EXIT.ok;
      }
      io.stdout(`${rows.length} order${rows.length === 1 ? '' : 's'} awaiting settlement: sellers ${formatKsh(sellers)}, riders ${formatKsh(riders)}, total ${formatKsh(sumCents([sellers, riders]))}`);
      io.stdout('');
      for (const line of table(rows)) io.stdout(line);
      return EXIT.ok;
    });
  },
};
