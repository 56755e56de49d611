import { cents, formatKsh, listPayouts, nairobiDateTime, payoutDestinationText, payoutStateLabel, payoutView, reconcilePayouts, type PayoutListItem, type PayoutReconciliation } from '@escrow/core';
import type { AdminContext } from '../admin-context.js';
import { cliActor } from '../cli-actor.js';
import { cliArgs } from '../cli-args.js';
import { CliError, EXIT, type Command } from '../command.js';

const LIST_USAGE = 'escrow-admin payouts list [--failed] [--json] [--limit N]';
const RECONCILE_USAGE = 'escrow-admin payouts reconcile [--json]';

const cell = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width));
/** A ledger figure in cents, which may be negative when the books are wrong. */
const signedKsh = (value: number) => `${value < 0 ? '-' : ''}${formatKsh(cents(Math.abs(value)))}`;
const PROBLEM_INDENT = ' '.repeat(17);

function table(payouts: readonly PayoutListItem[]): string[] {
  const lines = [`${cell('CREATED (EAT)', 16)} ${cell('TRACKING', 12)} ${cell('PURPOSE', 7)} ${'AMOUNT'.padStart(14)}  ${cell('STATE', 20)} ${cell('DESTINATION', 24)} ${cell('RECEIPT', 10)} ID`];
  for (const p of payouts) {
    lines.push(
      `${cell(nairobiDateTime(p.createdAt).slice(0, 16), 16)} ${cell(p.trackingNumber || '-', 12)} ${cell(p.purpose, 7)} ${formatKsh(p.amount).padStart(14)}  ${cell(payoutStateLabel(p.state), 20)} ${cell(payoutDestinationText(p.destination) ?? '-', 24)} ${cell(p.receipt ?? '-', 10)} ${p.id}`,
    );
    // Why it failed, why M-Pesa is being asked, or what a person must look at: on the line under it.
    if (p.problem) lines.push(`${PROBLEM_INDENT}problem: ${p.problem}`);
  }
  return lines;
}

export const payoutsListCommand: Command = {
  name: 'payouts list',
  usage: 'payouts list [--failed] [--json] [--limit N]',
  summary: 'payouts by M-Pesa, newest first; --failed: the failed ones and those M-Pesa is asked about',
  help: `Usage: ${LIST_USAGE}

Lists the payouts (decision 0051: the seller's and the rider's after a delivery, the buyer's
refunds), newest first: when the payout was made (Nairobi time), the order's tracking number,
its purpose (seller, rider or refund), the amount, its state in words (Waiting for approval,
Queued, Sent to M-Pesa, Checking with M-Pesa, Paid, Failed, Paid by hand), where it goes (set
when it is first sent), M-Pesa's receipt, and the payout id that "escrow-admin payouts retry"
takes. Under a failed payout, one M-Pesa is being asked about, or any with a problem, the
problem in words.

Options:
  --failed    only the failed payouts and those whose fate is unknown (M-Pesa is being asked)
  --json      one JSON document instead of the table: the admin API's shape (amounts in cents)
  --limit N   at most N payouts, 1 to 500 (default 100)

Exit codes: 0 listed (also when there is none), 1 failed, 2 wrong usage.`,

  async run(args, env, io) {
    const { values } = cliArgs(args, { failed: { type: 'boolean' }, json: { type: 'boolean' }, limit: { type: 'string' } }, LIST_USAGE, { min: 0, max: 0 });
    const limit = values.limit === undefined ? 100 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new CliError(`--limit must be a whole number from 1 to 500. Usage: ${LIST_USAGE}`, EXIT.usage);
    const { withAdminContext } = await import('../admin-context.js');
    return withAdminContext(env, async (ctx) => {
      const found = await listPayouts(ctx.escrow, { actor: cliActor(env), failedOnly: values.failed === true, limit });
      if (!found.ok) throw new CliError(found.error.code, EXIT.failed);
      const payouts = found.value;
      if (values.json) {
        io.stdout(JSON.stringify({ mode: ctx.escrow.payouts?.mode ?? 'manual', payouts: payouts.map((p) => payoutView(p, ctx.escrow)) }, null, 2));
        return EXIT.ok;
      }
      const which = values.failed ? 'failed or unknown payout' : 'payout';
      const mode = ctx.payoutsMode === 'off' ? 'this deployment records payouts by hand (MPESA_PAYOUTS is off)' : `MPESA_PAYOUTS=${ctx.payoutsMode}`;
      if (payouts.length === 0) {
        io.stdout(`No ${which}s (${mode}).`);
        return EXIT.ok;
      }
      io.stdout(`${payouts.length} ${which}${payouts.length === 1 ? '' : 's'}, newest first${payouts.length === limit ? ` (the newest ${limit} only: --limit N shows more)` : ''} (${mode}).`);
      io.stdout('');
      for (const line of table(payouts)) io.stdout(line);
      // The CLI reads MPESA_PAYOUTS from its own environment (npm start sets it for the API only).
      if (ctx.payoutsMode === 'off' && payouts.some((p) => p.originatorConversationId !== null || p.attempt > 0)) {
        io.stdout('');
        io.stdout("Note: M-Pesa sent some of these payouts, but MPESA_PAYOUTS is not set for this command: run the CLI with the API's MPESA_PAYOUTS (npm start runs the API with approval) to approve or retry them.");
      }
      return EXIT.ok;
    });
  },
};

/** Each mismatch in words, naming the order by its tracking number and the payout by purpose and id. */
async function mismatchLines(ctx: AdminContext, report: PayoutReconciliation): Promise<string[]> {
  return ctx.escrow.store.read(async (tx) => {
    const lines: string[] = [];
    for (const m of report.unmatched) {
      const order = m.orderId ? await tx.orders.get(m.orderId) : undefined;
      const payout = m.payoutId ? await tx.payouts.get(m.payoutId) : undefined;
      const where = [order ? `order ${order.trackingNumber}` : m.orderId ? `order ${m.orderId}` : null, m.payoutId ? `${payout ? `${payout.purpose} ` : ''}payout ${m.payoutId}` : null].filter(Boolean).join(', ');
      lines.push(`  - ${where ? `${where}: ` : ''}${m.problem}`);
    }
    return lines;
  });
}

export const payoutsReconcileCommand: Command = {
  name: 'payouts reconcile',
  usage: 'payouts reconcile [--json]',
  summary: "the ledger's M-Pesa clearing against the payouts in flight, and every mismatch (exit 1 on any)",
  help: `Usage: ${RECONCILE_USAGE}

Reconciles money out (issue 17), reading only: what the ledger holds in mpesa_clearing for
payouts (moved there when a payout is sent, out when M-Pesa answers) against the payouts in
flight (sent, or being asked about); the payouts counted (in all, in flight, paid by M-Pesa,
failed); and every mismatch in words: a failed payout nobody has paid, one with M-Pesa for
over a day without a result, one marked paid without a receipt, a receipt recorded for two
payouts, an amount M-Pesa paid other than the one asked. The admin screen shows the same,
and the API logs it daily. Run it from cron: exit 1 means something needs a person.

Options:
  --json   one JSON document instead of the text (amounts in cents)

Exit codes: 0 nothing unmatched, 1 something is unmatched (or the command failed), 2 wrong usage.`,

  async run(args, env, io) {
    const { values } = cliArgs(args, { json: { type: 'boolean' } }, RECONCILE_USAGE, { min: 0, max: 0 });
    const { withAdminContext } = await import('../admin-context.js');
    return withAdminContext(env, async (ctx) => {
      const result = await reconcilePayouts(ctx.escrow, { actor: cliActor(env) });
      if (!result.ok) throw new CliError(result.error.code, EXIT.failed);
      const report = result.value;
      const code = report.unmatched.length === 0 ? EXIT.ok : EXIT.failed;
      if (values.json) {
        io.stdout(JSON.stringify({ ...report, checkedAt: report.checkedAt.toISOString() }, null, 2));
        return code;
      }
      const agree = report.clearingInLedger === report.inFlight;
      io.stdout(`Payout reconciliation, ${nairobiDateTime(report.checkedAt)} (Nairobi time)`);
      io.stdout(`  Ledger, mpesa_clearing for payouts:  ${signedKsh(report.clearingInLedger)}`);
      io.stdout(`  Payouts in flight with M-Pesa:       ${signedKsh(report.inFlight)}${agree ? '  (they agree)' : '  (they DO NOT agree)'}`);
      io.stdout(`  Payouts: ${report.payouts.total} in all; ${report.payouts.inFlight} in flight, ${report.payouts.succeeded} paid by M-Pesa, ${report.payouts.failed} failed.`);
      if (report.unmatched.length === 0) {
        io.stdout('Nothing unmatched.');
        return code;
      }
      io.stdout(`Unmatched: ${report.unmatched.length}`);
      for (const line of await mismatchLines(ctx, report)) io.stdout(line);
      return code;
    });
  },
};
