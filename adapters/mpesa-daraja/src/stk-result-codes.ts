export type StkResultKind =
  | 'success'
  | 'insufficient_funds'
  | 'limit'
  | 'duplicate'
  | 'expired'
  | 'push_error'
  | 'cancelled'
  | 'unreachable'
  | 'wrong_pin'
  | 'not_permitted'
  | 'locked'
  | 'unknown_operator'
  | 'unknown';

export interface StkResultMeaning {
  readonly kind: StkResultKind;
  /** This checkout will not change any more. Only `success` means the money moved. */
  readonly final: boolean;
  readonly description: string;
}

const limit = (description: string): StkResultMeaning => ({ kind: 'limit', final: true, description });

const MEANINGS: Readonly<Record<string, StkResultMeaning>> = {
  '0': { kind: 'success', final: true, description: 'The customer paid: the transaction was processed successfully.' },
  '1': { kind: 'insufficient_funds', final: true, description: "The customer's M-Pesa balance is too low for this payment." },
  '2': limit('The amount is below the least M-Pesa allows for a transaction.'),
  '3': limit('The amount is above the most M-Pesa allows for a transaction.'),
  '4': limit("The payment would exceed the customer's daily transfer limit."),
  '8': limit('The payment would take an account above the largest balance M-Pesa allows.'),
  '17': { kind: 'duplicate', final: true, description: 'M-Pesa refused the payment as a possible duplicate: the same amount from the same customer within about 2 minutes.' },
  '1019': { kind: 'expired', final: true, description: 'The prompt expired before the customer answered it.' },
  '1025': { kind: 'push_error', final: true, description: "M-Pesa could not send the prompt to the customer's phone." },
  '1032': { kind: 'cancelled', final: true, description: 'The customer cancelled the prompt.' },
  '1037': { kind: 'unreachable', final: true, description: "The customer's phone could not be reached (switched off, out of coverage or did not answer in time)." },
  '2001': { kind: 'wrong_pin', final: true, description: 'The customer entered a wrong M-Pesa PIN (The initiator information is invalid).' },
  '2028': { kind: 'not_permitted', final: true, description: 'The request is not permitted for this shortcode or transaction type.' },
  '8006': { kind: 'locked', final: true, description: "The customer's M-Pesa security credential is locked." },
  SFC_IC0003: { kind: 'unknown_operator', final: true, description: 'The operator does not exist (SFC_IC0003).' },
};

/**
 * What an STK result code (from the callback or STK Query; a number or a string) means.
 * An unknown code is not final: until it is understood the checkout is re-queried and
 * reconciled rather than failed, so a payment that did go through is never thrown away
 * (integrators report codes such as 4999 "still under processing" outside the documented list).
 */
export function stkResultCodeMeaning(code: number | string): StkResultMeaning {
  const key = String(code).trim();
  return MEANINGS[key] ?? { kind: 'unknown', final: false, description: `An STK result code this service does not know (${key}); the outcome must be checked.` };
}
