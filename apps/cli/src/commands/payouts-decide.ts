import { approvePayouts, formatKsh, nairobiDateTime, payoutStateLabel, retryPayout, type Actor, type Payout } from '@escrow/core';
import { cliActor } from '../cli-actor.js';
import { cliArgs } from '../cli-args.js';
import { CliError, EXIT, type Command } from '../command.js';
import { findOrder } from '../find-order.js';
import { PAID_BY_HAND, payoutsModeOf } from '../payouts-mode.js';

const RETRY_USAGE = 'escrow-admin payouts retry PAYOUT_ID';
const APPROVE_USAGE = 'escrow-admin payouts approve ORDER_ID_OR_TRACKING';

const WORKER =
  "The API's payout worker sends it to M-Pesa at its next round (every MPESA_PAYOUT_INTERVAL_SECONDS, 5 s by default); \"escrow-admin payouts list\" shows how it went.";
const recordedAs = (actor: Actor) => `Recorded as admin:${actor.kind === 'admin' ? actor.userId : ''}.`;
const payoutText = (p: Payout) => `${p.purpose} ${formatKsh(p.amount)} (${payoutStateLabel(p.state)})`;

export const payoutsRetryCommand: Command = {
  name: 'payouts retry',
  usage: 'payouts retry PAYOUT_ID',
  summary: 'queue a failed payout again (the API sends it, with a new M-Pesa request)',
  help: `Usage: ${RETRY_USAGE}

Queues a failed payout again: the failed attempt paid nothing, so the API's payout worker
sends it with a new OriginatorConversationID. This command never calls M-Pesa itself. Only a
failed payout is retried: one whose fate is unknown is being asked about with Transaction
Status and is never sent again until M-Pesa has answered. Running it twice queues it once.
The operator is recorded as admin:cli:NAME (ESCROW_OPERATOR, else the operating-system user).

"escrow-admin payouts list --failed" shows the failed payouts, why they failed, and their ids.

Arguments:
  PAYOUT_ID   the payout's id (the last column of "payouts list")

Exit codes: 0 queued, 1 failed, 2 wrong usage, 3 no such payout, 4 refused (not failed, or
this deployment records payouts by hand).`,

  async run(args, env, io) {
    const { positionals } = cliArgs(args, {}, RETRY_USAGE, { min: 1, max: 1 });
    const payoutId = String(positionals[0]).trim();
    if (payoutId === '') throw new CliError(`give the payout's id. Usage: ${RETRY_USAGE}`, EXIT.usage);
    if (payoutsModeOf(env) === 'off') throw new CliError(`${PAID_BY_HAND}; nothing changed`, EXIT.refused);
    const actor = cliActor(env);
    const { withAdminContext } = await import('../admin-context.js');
    return withAdminContext(env, async (ctx) => {
      const result = await retryPayout(ctx.escrow, { payoutId, actor });
      if (!result.ok) {
        const now = payoutId.length <= 100 ? await ctx.escrow.store.read((tx) => tx.payouts.get(payoutId)) : undefined;
        switch (result.error.code) {
          case 'PAYOUT_NOT_FOUND':
            throw new CliError(`no payout with the id "${payoutId}" ("escrow-admin payouts list" shows the ids)`, EXIT.notFound);
          case 'PAYOUT_NOT_RETRYABLE': {
            const why =
              now?.state === 'unknown' || now?.state === 'sent' || now?.state === 'sending'
                ? ': M-Pesa may still pay it, so it is asked about and never sent again until M-Pesa answers'
                : '';
            throw new CliError(`payout ${payoutId} is ${now ? `"${payoutStateLabel(now.state)}"` : 'not failed'}: only a failed payout can be retried${why}; nothing changed`, EXIT.refused);
          }
          case 'PAYOUTS_NOT_CONFIGURED':
            throw new CliError(`${PAID_BY_HAND}; nothing changed`, EXIT.refused);
          case 'CONCURRENT_UPDATE':
            throw new CliError(`payout ${payoutId} was changed at the same moment by someone else; run the command again`, EXIT.refused);
          default:
            throw new CliError(`refused: ${result.error.code}`, EXIT.refused);
        }
      }
      const payout = result.value;
      const order = await ctx.escrow.store.read((tx) => tx.orders.get(payout.orderId));
      io.stdout(`Payout ${payout.id} queued again: ${payout.purpose} ${formatKsh(payout.amount)} for order ${order?.trackingNumber ?? payout.orderId}. ${WORKER} ${recordedAs(actor)}`);
      return EXIT.ok;
    });
  },
};

export const payoutsApproveCommand: Command = {
  name: 'payouts approve',
  usage: 'payouts approve ORDER_ID_OR_TRACKING',
  summary: "approve a delivered order's payouts (the API pays them by M-Pesa)",
  help: `Usage: ${APPROVE_USAGE}

Approves the payouts of a delivered order (awaiting_settlement, payment verified by M-Pesa):
the seller's, and the rider's when the seller pays delivery. They are queued, and the API's
payout worker pays them by M-Pesa; M-Pesa's result settles the order. It is the admin screen's
'Approve payout' (Mark Paid), through the same use case: exactly once however often it is run
and whatever runs at the same moment. This command never calls M-Pesa itself. On a deployment
that pays automatically (MPESA_PAYOUTS=automatic) the payouts were queued at delivery, and
approving changes nothing. The operator is recorded as admin:cli:NAME.

On a deployment without M-Pesa payouts (MPESA_PAYOUTS off) it is refused: pay by hand, then
"escrow-admin settle ORDER --reference M-PESA-REF".

Arguments:
  ORDER_ID_OR_TRACKING   the tracking number (any case) or the order id

Exit codes: 0 approved (or nothing was waiting), 1 failed, 2 wrong usage, 3 no such order,
4 refused (not delivered, already settled, payment not verified, or payouts made by hand here).`,

  async run(args, env, io) {
    const { positionals } = cliArgs(args, {}, APPROVE_USAGE, { min: 1, max: 1 });
    const given = String(positionals[0]).trim();
    if (given === '') throw new CliError(`give the order's tracking number or id. Usage: ${APPROVE_USAGE}`, EXIT.usage);
    if (payoutsModeOf(env) === 'off') throw new CliError(`${PAID_BY_HAND}; nothing changed`, EXIT.refused);
    const actor = cliActor(env);
    const { withAdminContext } = await import('../admin-context.js');
    return withAdminContext(env, async (ctx) => {
      const order = await findOrder(ctx, given);
      if (!order) throw new CliError(`no order with the tracking number or id "${given}"`, EXIT.notFound);
      const before = await ctx.escrow.store.read((tx) => tx.payouts.listByOrder(order.id));
      const result = await approvePayouts(ctx.escrow, { orderId: order.id, actor });
      if (!result.ok) {
        const now = (await ctx.escrow.store.read((tx) => tx.orders.get(order.id))) ?? order;
        switch (result.error.code) {
          case 'ALREADY_SETTLED': {
            const when = now.settledAt ? ` on ${nairobiDateTime(now.settledAt)} (Nairobi time)` : '';
            throw new CliError(`order ${now.trackingNumber} is already settled${when}${now.settlementReference ? `, reference ${now.settlementReference}` : ''}; nothing changed`, EXIT.refused);
          }
          case 'TRANSITION_NOT_ALLOWED':
            throw new CliError(`order ${now.trackingNumber} is ${now.status}: only delivered orders (awaiting_settlement) are paid out; nothing changed`, EXIT.refused);
          case 'PAYMENT_UNVERIFIED':
            throw new CliError(`order ${now.trackingNumber} was paid on a typed receipt M-Pesa never confirmed: its money is not paid out ("escrow-admin payments list --unverified"); nothing changed`, EXIT.refused);
          case 'ORDER_NOT_FOUND':
            throw new CliError(`no order with the tracking number or id "${given}"`, EXIT.notFound);
          case 'PAYOUTS_NOT_CONFIGURED':
            throw new CliError(`${PAID_BY_HAND}; nothing changed`, EXIT.refused);
          case 'CONCURRENT_UPDATE':
            throw new CliError(`order ${now.trackingNumber} was changed at the same moment by someone else; run the command again`, EXIT.refused);
          default:
            throw new CliError(`refused: ${result.error.code}`, EXIT.refused);
        }
      }
      const payouts = result.value.payouts.filter((p) => p.purpose !== 'refund');
      const approved = payouts.filter((p) => !before.some((b) => b.id === p.id && b.state !== 'awaiting_approval'));
      const name = `order ${order.trackingNumber} (${order.id})`;
      if (payouts.length === 0) io.stdout(`Nothing to pay out for ${name}: it owes no payout by M-Pesa.`);
      else if (approved.length === 0) io.stdout(`Nothing was waiting for approval on ${name}: ${payouts.map(payoutText).join(', ')}.`);
      else io.stdout(`Approved the payouts of ${name}: ${approved.map(payoutText).join(', ')}. ${WORKER.replace('sends it', 'sends them').replace('how it went', 'how they went')} ${recordedAs(actor)}`);
      return EXIT.ok;
    });
  },
};
