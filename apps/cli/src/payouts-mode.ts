import type { EscrowDeps, PayoutGateway } from '@escrow/core';
import { CliError, EXIT } from './command.js';

export type PayoutsMode = 'off' | 'automatic' | 'approval';

/**
 * MPESA_PAYOUTS, read as the API reads it (apps/api/src/config.ts): off (the default) means
 * payouts are made by hand and recorded (`settle --reference`); automatic or approval means the
 * API's payout worker pays them by M-Pesa B2C/B2B (decision 0051).
 */
export function payoutsModeOf(env: NodeJS.ProcessEnv): PayoutsMode {
  const value = env['MPESA_PAYOUTS']?.trim() || 'off';
  if (value === 'off' || value === 'automatic' || value === 'approval') return value;
  throw new CliError(`MPESA_PAYOUTS must be off, automatic or approval (the API's setting), not "${value}"`, EXIT.failed);
}

const NOT_FROM_HERE = "the admin CLI does not send payouts: the API's payout worker sends them";

/**
 * The CLI's payout port: it queues (approve, retry) and never sends. Nothing in the CLI runs a
 * payout round; were one ever run here by mistake, this answers a refusal that may pass later,
 * which pays nothing and leaves the payout queued for the API's worker (never failed, never sent
 * from two places).
 */
export const payoutsSentByTheApi: PayoutGateway = {
  send: async () => ({ status: 'refused', reason: NOT_FROM_HERE, retryable: true }),
  queryStatus: async () => ({ status: 'refused', reason: NOT_FROM_HERE, retryable: true }),
};

/** EscrowDeps.payouts for the CLI: present when the deployment pays by M-Pesa, with the gateway above. */
export function cliPayouts(mode: PayoutsMode): Pick<EscrowDeps, 'payouts'> {
  return mode === 'off' ? {} : { payouts: { mode, gateway: payoutsSentByTheApi } };
}

/** What an operator on a deployment without M-Pesa payouts is told. */
export const PAID_BY_HAND =
  'this deployment records payouts by hand (MPESA_PAYOUTS is off): pay the seller, then record it with "escrow-admin settle ORDER --reference M-PESA-REF"';
