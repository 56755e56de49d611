import { listUnverifiedPayments, nairobiDateTime, reconcilePayments } from '@escrow/core';
import { cliArgs } from '../cli-args.js';
import { CliError, EXIT, type Command } from '../command.js';

const LIST_USAGE = 'escrow-admin payments list --unverified [--json] [--limit N]';
const RECONCILE_USAGE = 'escrow-admin payments reconcile [--limit N]';
const ksh = (cents: number) => `KSh ${(cents / 100).toFixed(2)}`;
const cell = (text: string, width: number) => (text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width));

export const paymentsListCommand: Command = {
  name: 'payments list',
  usage: 'payments list --unverified [--json] [--limit N]',
  summary: 'money M-Pesa has not confirmed: claims, orders paid unverified, unmatched Paybill payments',
  help: `Usage: ${LIST_USAGE}

Lists, oldest first (PRODUCT-DECISIONS, Real money):
  - claims: receipts buyers typed that no M-Pesa message confirmed; held in mpesa_unverified,
    never escrow. FLAGGED: older than 24 hours. Under each, what M-Pesa's Transaction Status
    said of the receipt (not found, short, paid to another business...) or that it is asked;
  - unverified paid: orders paid on a typed receipt alone before payments were verified; Mark
    Paid and refunds are refused for them;
  - unmatched: Paybill payments M-Pesa confirmed that no order took (unknown account number,
    short amount, order already paid or cancelled), for an admin to attach or refund.

Options:
  --unverified  required (the only list there is)
  --json        one JSON document instead of the text
  --limit N     at most N of each (default 200)

Exit codes: 0 printed, 1 failed, 2 wrong usage.`,

  async run(args, env, io) {
    const { values } = cliArgs(args, { unverified: { type: 'boolean' }, json: { type: 'boolean' }, limit: { type: 'string' } }, LIST_USAGE, { min: 0, max: 0 });
    if (!values.unverified) throw new CliError(`Say which payments: --unverified. Usage: ${LIST_USAGE}`, EXIT.usage);
    const limit = values.limit === undefined ? 200 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new CliError(`--limit must be a whole number from 1 to 10000. Usage: ${LIST_USAGE}`, EXIT.usage);
    const { withAdminContext } = await import('../admin-context.js');
    return withAdminContext(env, async (ctx) => {
      const found = await listUnverifiedPayments(ctx.escrow, { limit });
      if (values.json) {
        io.stdout(JSON.stringify({ orders: found.orders.map((o) => ({ ...o, since: o.since.toISOString() })), unmatched: found.unmatched.map((p) => ({ ...p, receivedAt: p.receivedAt.toISOString(), resolvedAt: p.resolvedAt?.toISOString() ?? null })) }, null, 2));
        return EXIT.ok;
      }
      io.stdout(`Orders: ${found.orders.length} (claims ${found.orders.filter((o) => o.kind === 'claim').length}, flagged ${found.orders.filter((o) => o.flagged).length}; paid unverified ${found.orders.filter((o) => o.kind === 'unverified_paid').length}).`);
      if (found.orders.length > 0) {
        io.stdout(`${cell('SINCE (EAT)', 16)} ${cell('TRACKING', 12)} ${cell('KIND', 16)} ${cell('RECEIPT', 11)} ${'PRICE'.padStart(16)}`);
        for (const o of found.orders) {
          io.stdout(`${cell(nairobiDateTime(o.since).slice(0, 16), 16)} ${cell(o.trackingNumber, 12)} ${cell(o.flagged ? 'claim FLAGGED' : o.kind === 'claim' ? 'claim' : 'paid unverified', 16)} ${cell(o.receipt ?? '-', 11)} ${ksh(o.price).padStart(16)}`);
          // What M-Pesa's Transaction Status said of the claim, on the line under it.
          if (o.check) io.stdout(`${' '.repeat(17)}check: ${o.check}`);
        }
      }
      io.stdout(`Unmatched Paybill payments: ${found.unmatched.length}.`);
      for (const p of found.unmatched) io.stdout(`${cell(nairobiDateTime(p.receivedAt).slice(0, 16), 16)} ${cell(p.transId, 12)} account ${cell(p.billRefNumber, 14)} ${ksh(p.amount).padStart(16)}  ${p.note ?? ''}`);
      return EXIT.ok;
    });
  },
};

export const paymentsReconcileCommand: Command = {
  name: 'payments reconcile',
  usage: 'payments reconcile [--limit N]',
  summary: 'ask M-Pesa about every prompt (STK Query) and claim (Transaction Status) that is due, now',
  help: `Usage: ${RECONCILE_USAGE}

What the API's reconciler does every 15 seconds, once, from here: every M-Pesa prompt with no
final answer whose next query is due is asked about with STK Query and settled (paid: the order
is paid into escrow; failed: closed). Safe beside running API processes: a prompt settles once.
With an initiator (MPESA_INITIATOR_NAME, MPESA_SECURITY_CREDENTIAL), every claim (a receipt a
buyer typed) that is due a Transaction Status query is asked about too; M-Pesa posts the answer
to the API (MPESA_CALLBACK_BASE_URL, else PUBLIC_BASE_URL, and the deployment's callback
secret), which verifies the claim or notes why not.
Needs the Daraja settings the API uses (MPESA_ENVIRONMENT, MPESA_CONSUMER_KEY, ...).

Options:
  --limit N  at most N prompts (default 200)

Exit codes: 0 done, 1 failed (the database, or no Daraja settings), 2 wrong usage.`,

  async run(args, env, io) {
    const { values } = cliArgs(args, { limit: { type: 'string' } }, RECONCILE_USAGE, { min: 0, max: 0 });
    const limit = values.limit === undefined ? 200 : Number(values.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) throw new CliError(`--limit must be a whole number from 1 to 10000. Usage: ${RECONCILE_USAGE}`, EXIT.usage);
    const { createDarajaClient, darajaConfigFromEnv, DarajaMpesaGateway, mpesaCallbackUrls } = await import('@escrow/mpesa-daraja');
    const daraja = darajaConfigFromEnv(env);
    if (!daraja.config) throw new CliError(daraja.problems.length > 0 ? `The Daraja settings are wrong: ${daraja.problems.join('; ')}` : 'No Daraja settings (MPESA_ENVIRONMENT, MPESA_CONSUMER_KEY, ...): there is no M-Pesa to ask.', EXIT.failed);
    const config = daraja.config;
    // Where the API listens for Daraja, as apps/api/src/config.ts works it out.
    const callbackBase = env['MPESA_CALLBACK_BASE_URL']?.trim() || env['PUBLIC_BASE_URL']?.trim() || `http://127.0.0.1:${env['PORT']?.trim() || '3000'}`;
    const { withAdminContext } = await import('../admin-context.js');
    const { loadMpesaCallbackSecret } = await import('@escrow/db-kysely');
    return withAdminContext(env, async (ctx) => {
      const urls = mpesaCallbackUrls(callbackBase, env['MPESA_CALLBACK_SECRET']?.trim() || (await loadMpesaCallbackSecret(ctx.database.db)));
      // STK Query sends no callback URL; Transaction Status names where its Result goes (the API).
      const gateway = new DarajaMpesaGateway(createDarajaClient(config), urls.stk, { result: urls.statusResult, timeout: urls.statusTimeout });
      const report = await reconcilePayments({ ...ctx.escrow, mpesa: gateway }, { limit });
      io.stdout(`Queried ${report.queried}: paid ${report.paid}, failed ${report.failed}, still waiting ${report.waiting}, needing an admin ${report.needsAttention}.`);
      io.stdout(
        gateway.transactionStatus
          ? `Claims asked about with Transaction Status: ${report.claims.asked} (refused ${report.claims.refused}, no answer ${report.claims.unknown}); M-Pesa answers to ${urls.statusResult.replace(/callbacks\/[0-9a-f]+\//, 'callbacks/<secret>/')}.`
          : 'Claims not asked about: no MPESA_INITIATOR_NAME and MPESA_SECURITY_CREDENTIAL (they wait for the Paybill confirmation).',
      );
      return EXIT.ok;
    });
  },
};
