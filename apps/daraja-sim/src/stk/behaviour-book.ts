import { z } from 'zod';
import { SimControlError } from '../controls/sim-control-error.js';
import type { ResolvedStkBehaviour, StkBehaviour } from '../public-types.js';

export const DEFAULT_STK_BEHAVIOUR: ResolvedStkBehaviour = { outcome: 'prompt', callback: 'once', processingQueries: 0, amountPaid: null };

export const stkBehaviourSchema = z.object({
  outcome: z.enum(['prompt', 'approve', 'cancel', 'insufficient_funds', 'wrong_pin', 'unreachable', 'expire']).optional(),
  callback: z.enum(['once', 'twice', 'lost', 'late']).optional(),
  processingQueries: z.number().int().min(0).optional(),
  amountPaid: z.number().int().min(1).optional(),
});

export const msisdnSchema = z.string().regex(/^254[17]\d{8}$/, 'msisdn must look like 2547XXXXXXXX or 2541XXXXXXXX');

/** How each phone answers its next prompts. */
export class BehaviourBook {
  private readonly byMsisdn = new Map<string, ResolvedStkBehaviour>();

  set(msisdn: string, behaviour: StkBehaviour): void {
    const phone = msisdnSchema.safeParse(msisdn);
    const parsed = stkBehaviourSchema.safeParse(behaviour);
    if (!phone.success) throw new SimControlError('invalid', phone.error.issues[0]?.message ?? 'invalid msisdn');
    if (!parsed.success) throw new SimControlError('invalid', `invalid behaviour: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
    this.byMsisdn.set(phone.data, { ...DEFAULT_STK_BEHAVIOUR, ...parsed.data, amountPaid: parsed.data.amountPaid ?? null });
  }

  for(msisdn: string): ResolvedStkBehaviour {
    return { ...(this.byMsisdn.get(msisdn) ?? DEFAULT_STK_BEHAVIOUR) };
  }

  reset(): void {
    this.byMsisdn.clear();
  }
}
