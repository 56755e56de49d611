import { z } from 'zod';
import { SimControlError } from '../controls/sim-control-error.js';
import type { InvalidReceiverCode, PayoutBehaviour, PayoutOutcome } from '../public-types.js';

export const payoutBehaviourSchema = z.strictObject({
  outcome: z.enum(['success', 'insufficient_funds', 'invalid_receiver', 'queue_timeout']).optional(),
  invalidReceiverCode: z.union([z.literal(2040), z.literal(8006), z.literal('SFC_IC0003')]).optional(),
  result: z.enum(['once', 'twice', 'lost']).optional(),
  resultDelayMs: z.number().int().min(0).max(600_000).optional(),
  receiverName: z.string().trim().min(1).max(60).optional(),
  times: z.number().int().min(1).optional(),
});

/** A phone (2547/2541...) or a Paybill/till number. */
export const receiverSchema = z.string().regex(/^\d{5,12}$/, 'receiver must be a phone such as 254712345678 or a business number such as 600000');

export interface PayoutAnswer {
  outcome: PayoutOutcome;
  invalidReceiverCode: InvalidReceiverCode;
  result: 'once' | 'twice' | 'lost';
  /** null: the simulator's callbackDelayMs. */
  resultDelayMs: number | null;
  receiverName: string | null;
}

interface Rule extends PayoutAnswer {
  /** Payouts left that get this answer; null: every one. */
  left: number | null;
}

const DEFAULT_ANSWER: PayoutAnswer = { outcome: 'success', invalidReceiverCode: 2040, result: 'once', resultDelayMs: null, receiverName: null };

/** How each receiver answers the payouts sent to it (like the STK and SMS behaviour books). */
export class PayoutBehaviourBook {
  private readonly byReceiver = new Map<string, Rule>();

  set(receiver: string, behaviour: PayoutBehaviour): void {
    const who = receiverSchema.safeParse(receiver);
    if (!who.success) throw new SimControlError('invalid', who.error.issues[0]?.message ?? 'invalid receiver');
    const parsed = payoutBehaviourSchema.safeParse(behaviour);
    if (!parsed.success) throw new SimControlError('invalid', `invalid payout behaviour: ${parsed.error.issues.map((i) => `${i.path.join('.') || 'behaviour'} ${i.message}`).join('; ')}`);
    const b = parsed.data;
    this.byReceiver.set(who.data, {
      outcome: b.outcome ?? DEFAULT_ANSWER.outcome,
      invalidReceiverCode: b.invalidReceiverCode ?? DEFAULT_ANSWER.invalidReceiverCode,
      result: b.result ?? DEFAULT_ANSWER.result,
      resultDelayMs: b.resultDelayMs ?? null,
      receiverName: b.receiverName ?? null,
      left: b.times ?? null,
    });
  }

  /** The answer for the next payout to `receiver`, counting it against `times`. */
  take(receiver: string): PayoutAnswer {
    const rule = this.byReceiver.get(receiver);
    if (!rule) return { ...DEFAULT_ANSWER };
    if (rule.left !== null) {
      rule.left -= 1;
      if (rule.left <= 0) this.byReceiver.delete(receiver);
    }
    const { left: _left, ...answer } = rule;
    return answer;
  }

  reset(): void {
    this.byReceiver.clear();
  }
}
