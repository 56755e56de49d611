/**
 * What each per-recipient statusCode of the bulk SMS reply means for the outbox (fact sheet,
 * section 8; decision 0045). 100-102: Africa's Talking took the SMS. The account's problems
 * (a risk hold, the sender id, the balance) and Africa's Talking's own failures are retried:
 * an operator or time fixes them and the message is still good. The number's problems (not a
 * phone, a landline, opted out, no route) are not: sending again would fail the same way.
 */
export interface RecipientStatus {
  readonly name: string;
  readonly outcome: 'accepted' | 'retry' | 'refused';
  /** Why, in words, for the outbox's last_error and the operator's log. */
  readonly words: string;
}

export const RECIPIENT_STATUSES: Readonly<Record<number, RecipientStatus>> = {
  100: { name: 'Processed', outcome: 'accepted', words: 'processed' },
  101: { name: 'Sent', outcome: 'accepted', words: 'sent' },
  102: { name: 'Queued', outcome: 'accepted', words: 'queued' },
  401: { name: 'RiskHold', outcome: 'retry', words: "Africa's Talking holds the account for a risk review; retried until they release it" },
  402: { name: 'InvalidSenderId', outcome: 'retry', words: 'the sender id (AT_SENDER_ID) is not approved for this account; retried in case it is being approved' },
  403: { name: 'InvalidPhoneNumber', outcome: 'refused', words: 'not a valid phone number' },
  404: { name: 'UnsupportedNumberType', outcome: 'refused', words: 'the number cannot receive SMS (a landline or an unsupported network)' },
  405: { name: 'InsufficientBalance', outcome: 'retry', words: "the Africa's Talking account has no balance left; top it up (retried)" },
  406: { name: 'UserInBlacklist', outcome: 'refused', words: 'the person has blocked SMS from this sender' },
  407: { name: 'CouldNotRoute', outcome: 'refused', words: "Africa's Talking has no route to the number's network" },
  500: { name: 'InternalServerError', outcome: 'retry', words: "Africa's Talking failed (internal server error); retried" },
  501: { name: 'GatewayError', outcome: 'retry', words: "the network's gateway failed; retried" },
  502: { name: 'RejectedByGateway', outcome: 'retry', words: "the network's gateway rejected the SMS; retried" },
};

/** The status of a code, or of a name when Africa's Talking took no recipient and said why in `Message`. */
export function recipientStatus(code: number): RecipientStatus | undefined {
  return RECIPIENT_STATUSES[code];
}

export function recipientStatusNamed(name: string): { code: number; status: RecipientStatus } | undefined {
  for (const [code, status] of Object.entries(RECIPIENT_STATUSES)) if (status.name === name) return { code: Number(code), status };
  return undefined;
}
