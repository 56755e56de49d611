export type PayoutResultKind =
  | 'success'
  | 'insufficient_funds'
  | 'limit'
  | 'invalid_state'
  | 'initiator'
  | 'declined'
  | 'not_permitted'
  | 'receiver_not_registered'
  | 'locked'
  | 'unknown_operator'
  | 'already_reversed'
  | 'invalid_original'
  | 'unknown';

export interface PayoutResultMeaning {
  readonly kind: PayoutResultKind;
  /** The payout (or reversal) ended this way and will not change. Only `success` means money moved. */
  readonly final: boolean;
  /** Plain English, for the operator's screen and logs. */
  readonly description: string;
}

const meaning = (kind: PayoutResultKind, description: string): PayoutResultMeaning => ({ kind, final: true, description });

// The fact sheet's B2C/B2B codes (section 5), and the reversal codes integrators report.
const MEANINGS: Readonly<Record<string, PayoutResultMeaning>> = {
  '0': meaning('success', 'M-Pesa paid it: the transaction was processed successfully.'),
  '1': meaning('insufficient_funds', 'The payout account (the B2C utility account or the B2B working account) does not hold enough money; top it up and pay again.'),
  '2': meaning('limit', 'The amount is below the least M-Pesa allows for a payment.'),
  '3': meaning('limit', 'The amount is above the most M-Pesa allows for a payment.'),
  '4': meaning('limit', "The payment would go over a daily transfer limit (ours or the receiver's)."),
  '8': meaning('limit', "The payment would take the receiver's M-Pesa account above the largest balance allowed."),
  '11': meaning('invalid_state', 'The paying or receiving account is not in a state that allows this transaction (for example dormant or frozen).'),
  '21': meaning('initiator', 'Our API initiator lacks the role needed for this request; Safaricom must grant it to the initiator.'),
  '2001': meaning('initiator', 'M-Pesa refused our initiator: the initiator name or its security credential is wrong.'),
  '2006': meaning('declined', 'M-Pesa declined the transaction under an account rule (2006).'),
  '2028': meaning('not_permitted', 'The request is not permitted for this shortcode or this kind of payment.'),
  '2040': meaning('receiver_not_registered', 'The receiving number is not a registered M-Pesa customer (or its customer type can not receive this payment).'),
  '8006': meaning('locked', 'The security credential is locked; an operator must unlock the initiator with Safaricom.'),
  SFC_IC0003: meaning('unknown_operator', 'M-Pesa says the operator does not exist (SFC_IC0003): the initiator or the shortcode is wrong.'),
  R000001: meaning('already_reversed', 'The transaction has already been reversed.'),
  R000002: meaning('invalid_original', 'M-Pesa could not reverse it: the original receipt is unknown, not ours, or the amount differs.'),
};

/**
 * What a B2C, B2B or Reversal ResultCode (a number or a string) means. An unknown code is not
 * final: the payout's fate is then checked with Transaction Status before anything else is
 * done, so a payout that went through is never paid again.
 */
export function payoutResultCodeMeaning(code: number | string): PayoutResultMeaning {
  const key = String(code).trim();
  return MEANINGS[key] ?? { kind: 'unknown', final: false, description: `A result code this service does not know (${key}); check the payout with Transaction Status before doing anything else.` };
}
