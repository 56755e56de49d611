import { z } from 'zod';
import { smsControls } from '../africastalking/sms-controls.js';
import { findShortCode } from '../config/resolve-options.js';
import { payoutControls } from '../payouts/payout-controls.js';
import type { DarajaSim, PayBillInput, PayBillResult } from '../public-types.js';
import type { SimWorld } from '../sim-world.js';
import { msisdnSchema } from '../stk/behaviour-book.js';
import { SimControlError } from './sim-control-error.js';

export const payBillSchema = z.object({
  msisdn: msisdnSchema,
  shortCode: z.string().regex(/^\d{5,9}$/).optional(),
  account: z.string().min(1).max(20),
  amount: z.number().int().min(1),
  firstName: z.string().min(1).max(50).optional(),
  msisdnFormat: z.enum(['sha256', 'masked', 'plain']).optional(),
});

export const spikeCountSchema = z.number().int().min(0);

export type SimControls = Omit<DarajaSim, 'url' | 'close'>;

function invalid(error: z.ZodError): SimControlError {
  return new SimControlError('invalid', error.issues.map((i) => `${i.path.join('.') || 'value'}: ${i.message}`).join('; '));
}

/** The test controls, one implementation for the programmatic API and for /sim/* over HTTP. */
export function simControls(world: SimWorld): SimControls {
  return {
    setStkBehaviour: (msisdn, behaviour) => world.behaviours.set(msisdn, behaviour),
    spikeArrest(count) {
      const parsed = spikeCountSchema.safeParse(count);
      if (!parsed.success) throw invalid(parsed.error);
      world.spikeArrest.arm(parsed.data);
    },
    loseStatusResults(count) {
      const parsed = spikeCountSchema.safeParse(count);
      if (!parsed.success) throw invalid(parsed.error);
      world.lostResults.arm(parsed.data);
    },
    prompts: () => world.prompts.list(),
    approve: async (checkoutRequestId, pin) => world.prompts.approve(checkoutRequestId, pin),
    cancel: async (checkoutRequestId) => world.prompts.cancel(checkoutRequestId),
    async payBill(input: PayBillInput): Promise<PayBillResult> {
      const parsed = payBillSchema.safeParse(input);
      if (!parsed.success) throw invalid(parsed.error);
      const { msisdn, shortCode, account, amount, firstName, msisdnFormat } = parsed.data;
      const merchant = shortCode === undefined ? world.options.shortCodes[0] : findShortCode(world.options, shortCode);
      if (!merchant) throw new SimControlError('invalid', `shortCode ${shortCode ?? ''} is not one of the simulator's shortcodes`);
      return world.c2bPayments.pay({ merchant, commandId: 'CustomerPayBillOnline', amount, msisdn, billRefNumber: account, firstName: firstName ?? 'John', ...(msisdnFormat ? { msisdnFormat } : {}) });
    },
    callbacks: () => world.callbacks.list(),
    sms: smsControls(world),
    payouts: payoutControls(world),
    reset: () => world.reset(),
  };
}
