import { confirmSettlement, formatKsh, messageFor, nairobiDateTime } from '@escrow/core';
import { cliActor } from '../cli-actor.js';
import { cliArgs } from '../cli-args.js';
import { CliError, EXIT, type Command } from '../command.js';
import { findOrder } from '../find-order.js';
import { payoutsModeOf } from '../payouts-mode.js';

const USAGE = 'escrow-admin settle ORDER_ID_OR_TRACKING [--reference REF]';

export const settleCommand: Command = {
  name: 'settle',
  usage: 'settle ORDER_ID_OR_TRACKING',
  summary: "record that an order's payout was sent ('Mark Paid')",
  help: `Usage: ${USAGE}

Records that the payout of a delivered order was sent to the seller (and to the rider when
the seller pays delivery): the order becomes settlement_completed, and the ledger moves the
payables to payouts_sent. It is the admin screen's Mark Paid, through the same use case:
exactly once, however often it is run and whatever runs at the same moment (the API, another
CLI). The audit trail (order_events) records the operator as admin:cli:NAME, where NAME is
ESCROW_OPERATOR or, when that is not set, the operating-system user.

Send the money first ("escrow-admin settlements list" shows what to pay and where).

On a deployment that pays by M-Pesa (MPESA_PAYOUTS=automatic or approval) there is nothing to
record by hand: settle is refused (exit 4), "escrow-admin payouts approve ORDER" approves the
payouts and the API's payout worker pays them; M-Pesa's result settles the order.

Arguments:
  ORDER_ID_OR_TRACKING   the tracking number (any case) or the order id
Options:
  --reference REF        the payout's reference (e.g. the M-Pesa B2C receipt), at most 100
                         characters. A reference is recorded once: one already recorded for
                         another payout or refund (any case), or a buyer's payment receipt, is
                         refused.

Exit codes: 0 settled, 1 failed, 2 wrong usage, 3 no such order, 4 refused (already settled,
not delivered yet, the reference is already recorded or is a payment receipt, or payouts are
paid by M-Pesa here).`,

  async run(args, env, io) {
    const { values, positionals } = cliArgs(args, { reference: { type: 'string' } }, USAGE, { min: 1, max: 1 });
    const given = String(positionals[0]).trim();
    const reference = values.reference?.trim() || null;
    if (given === '') throw new CliError(`give the order's tracking number or id. Usage: ${USAGE}`, EXIT.usage);
    if (reference !== null && reference.length > 100) throw new CliError('the reference must be at most 100 characters', EXIT.usage);
    const actor = cliActor(env);
    // With M-Pesa payouts, confirmSettlement would approve them and ignore the reference: an
    // operator who paid by hand would have M-Pesa pay a second time. Refused before anything opens.
    const mode = payoutsModeOf(env);
    if (mode !== 'off') {
      throw new CliError(
        `this deployment pays sellers by M-Pesa (MPESA_PAYOUTS=${mode}): nothing to record by hand. "escrow-admin payouts approve ${given}" approves the order's payouts and the API's payout worker pays them; a payout made by hand is recorded with "Record M-Pesa reference" on the admin screen. Nothing changed`,
        EXIT.refused,
      );
    }
    // The database drivers load only once the arguments are known to be right (help stays quick).
    const { withAdminContext } = await import('../admin-context.js');
    return withAdminContext(env, async (ctx) => {
      const order = await findOrder(ctx, given);
      if (!order) throw new CliError(`no order with the tracking number or id "${given}"`, EXIT.notFound);
      const result = await confirmSettlement(ctx.escrow, { orderId: order.id, actor, reference });
      if (!result.ok) {
        const now = (await ctx.escrow.store.read((tx) => tx.orders.get(order.id))) ?? order;
        switch (result.error.code) {
          case 'ALREADY_SETTLED':
          case 'CONCURRENT_UPDATE':
            if (now.settlementPaid) {
              const when = now.settledAt ? ` on ${nairobiDateTime(now.settledAt)} (Nairobi time)` : '';
              throw new CliError(`order ${now.trackingNumber} is already settled${when}${now.settlementReference ? `, reference ${now.settlementReference}` : ''}; nothing changed`, EXIT.refused);
            }
            throw new CliError(`order ${now.trackingNumber} was changed at the same moment by someone else; run the command again`, EXIT.refused);
          case 'TRANSITION_NOT_ALLOWED':
            throw new CliError(`order ${now.trackingNumber} is ${now.status}: only delivered orders (awaiting_settlement) can be settled; nothing changed`, EXIT.refused);
          case 'ORDER_NOT_FOUND':
            throw new CliError(`no order with the tracking number or id "${given}"`, EXIT.notFound);
          // One M-Pesa transaction is one payout or refund (decision 0050): the admin screen's words.
          case 'REFERENCE_ALREADY_USED':
          case 'REFERENCE_IS_A_PAYMENT':
            throw new CliError(`reference ${reference ?? ''} refused: ${messageFor(result.error)} Order ${now.trackingNumber} is not settled; nothing changed`, EXIT.refused);
          default:
            throw new CliError(`refused: ${result.error.code}`, EXIT.refused);
        }
      }
      const settled = result.value;
      const riderShare = settled.deliveryPaidBy === 'seller' && settled.riderPhone ? settled.riderPayout : 0;
      io.stdout(
        `Settled order ${settled.trackingNumber} (${settled.id}): seller payout ${formatKsh(settled.sellerPayout)}` +
          (riderShare > 0 ? `, rider payout ${formatKsh(settled.riderPayout)} to ${settled.riderPhone}` : '') +
          `${reference ? `, reference ${reference}` : ''}. Recorded as admin:${actor.kind === 'admin' ? actor.userId : ''}.`,
      );
      return EXIT.ok;
    });
  },
};
