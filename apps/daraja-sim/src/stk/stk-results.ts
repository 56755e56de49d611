import type { StkOutcome } from '../public-types.js';

export type FinalStkOutcome = Exclude<StkOutcome, 'prompt'>;

/** The STK ResultCode and ResultDesc of each final outcome (fact sheet, section 2). */
export const STK_RESULTS: Record<FinalStkOutcome, { code: number; desc: string }> = {
  approve: { code: 0, desc: 'The service request is processed successfully.' },
  insufficient_funds: { code: 1, desc: 'The balance is insufficient for the transaction.' },
  expire: { code: 1019, desc: 'Transaction has expired' },
  cancel: { code: 1032, desc: 'Request cancelled by user' },
  // A prompt nobody answered; Daraja sends no callback for it, only STK Query tells.
  unreachable: { code: 1037, desc: 'DS timeout user cannot be reached' },
  wrong_pin: { code: 2001, desc: 'The initiator information is invalid.' },
};
