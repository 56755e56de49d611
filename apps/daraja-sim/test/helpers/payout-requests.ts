// B2C, B2B and Reversal bodies as the fact sheet (sections 5 and 6) describes them, built
// without anything from the simulator.
import type { CallbackReceiver } from './callback-receiver.js';

export function b2cBody(receiver: CallbackReceiver, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    OriginatorConversationID: 'payout-0001',
    InitiatorName: 'testapi',
    SecurityCredential: 'c2VjcmV0LWNyZWRlbnRpYWw=',
    CommandID: 'BusinessPayment',
    Amount: 1500,
    PartyA: '174379',
    PartyB: '254708374149',
    Remarks: 'Seller payout',
    QueueTimeOutURL: receiver.url('/b2c/timeout'),
    ResultURL: receiver.url('/b2c/result'),
    Occassion: 'TRK-42',
    ...overrides,
  };
}

export function b2bBody(receiver: CallbackReceiver, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    OriginatorConversationID: 'payout-b2b-0001',
    Initiator: 'testapi',
    SecurityCredential: 'c2VjcmV0LWNyZWRlbnRpYWw=',
    CommandID: 'BusinessPayBill',
    SenderIdentifierType: '4',
    RecieverIdentifierType: '4',
    Amount: 2500,
    PartyA: '174379',
    PartyB: '600000',
    AccountReference: 'SELLER-7',
    Requester: '254708374149',
    Remarks: 'Seller payout',
    QueueTimeOutURL: receiver.url('/b2b/timeout'),
    ResultURL: receiver.url('/b2b/result'),
    Occassion: 'TRK-42',
    ...overrides,
  };
}

export function reversalBody(receiver: CallbackReceiver, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    Initiator: 'testapi',
    SecurityCredential: 'c2VjcmV0LWNyZWRlbnRpYWw=',
    CommandID: 'TransactionReversal',
    TransactionID: 'NLJ7RT61SV',
    Amount: 2500,
    ReceiverParty: '174379',
    RecieverIdentifierType: '11',
    ResultURL: receiver.url('/reversal/result'),
    QueueTimeOutURL: receiver.url('/reversal/timeout'),
    Remarks: 'Refund a double payment',
    Occasion: 'TRK-42',
    ...overrides,
  };
}

/** ResultParameters as {Key: Value}. */
export function parameters(result: { ResultParameters: { ResultParameter: { Key: string; Value?: unknown }[] } }): Record<string, unknown> {
  return Object.fromEntries(result.ResultParameters.ResultParameter.map((p) => [p.Key, p.Value]));
}
