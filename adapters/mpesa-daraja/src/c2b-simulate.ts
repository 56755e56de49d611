import { z } from 'zod';
import type { StkTransactionType } from './config.js';
import { readReply, requireAccepted, type DarajaContext } from './daraja-context.js';
import { DarajaInputError } from './daraja-input-error.js';
import { normalizeKenyanMsisdn } from './msisdn.js';
import { checkWholeShillings } from './request-checks.js';

export interface C2bSimulation {
  readonly amountShillings: number;
  readonly msisdn: string;
  /** The account number the simulated customer "types" (blank for Buy Goods). */
  readonly billRefNumber: string;
  /** Default: the configured transaction type. */
  readonly commandId?: StkTransactionType;
}

export interface C2bSimulated {
  readonly originatorConversationId: string;
  readonly responseCode: string;
  readonly responseDescription: string;
}

const replySchema = z.object({
  OriginatorCoversationID: z.string().optional(),
  OriginatorConversationID: z.string().optional(),
  ResponseCode: z.union([z.string(), z.number().transform(String)]),
  ResponseDescription: z.string().optional().default(''),
});

/**
 * Makes the sandbox (or the simulator) act as if a customer paid the paybill; the confirmation
 * arrives at the registered URL. Refused in production, where it does not exist and where a
 * test payment must never be faked.
 */
export async function simulateC2b(context: DarajaContext, simulation: C2bSimulation): Promise<C2bSimulated> {
  if (context.config.environment === 'production') throw new DarajaInputError('environment', 'simulateC2b is for the sandbox only; it is refused in production');
  checkWholeShillings('amountShillings', simulation.amountShillings);
  const msisdn = normalizeKenyanMsisdn(simulation.msisdn);
  if (!msisdn) throw new DarajaInputError('msisdn', `msisdn "${simulation.msisdn}" is not a Kenyan mobile number`);
  const json = await context.post(
    'C2B Simulate',
    '/mpesa/c2b/v1/simulate',
    {
      ShortCode: context.config.shortcode,
      CommandID: simulation.commandId ?? context.config.transactionType,
      Amount: simulation.amountShillings,
      Msisdn: msisdn,
      BillRefNumber: simulation.billRefNumber,
    },
    { idempotent: false },
  );
  const reply = readReply('C2B Simulate', replySchema, json, false);
  requireAccepted('C2B Simulate', reply.ResponseCode, reply.ResponseDescription);
  return {
    originatorConversationId: reply.OriginatorCoversationID ?? reply.OriginatorConversationID ?? '',
    responseCode: reply.ResponseCode,
    responseDescription: reply.ResponseDescription,
  };
}
