import type { CallbackPoster } from '../callbacks/callback-poster.js';
import type { ResolvedOptions, ResolvedShortCode } from '../config/resolve-options.js';
import type { ReceiptNumbers } from '../ids/receipt-numbers.js';
import type { MsisdnFormat, PayBillResult, SimCallback } from '../public-types.js';
import type { ReceiptBook } from '../receipts/receipt-book.js';
import { nairobiTimestamp } from '../time/nairobi-time.js';
import type { Scheduler } from '../time/scheduler.js';
import { c2bPayload, formatMsisdn } from './c2b-payload.js';
import type { C2bRegistration, C2bRegistry } from './c2b-registry.js';

export interface C2bPayment {
  merchant: ResolvedShortCode;
  commandId: 'CustomerPayBillOnline' | 'CustomerBuyGoodsOnline';
  amount: number;
  msisdn: string;
  billRefNumber: string;
  firstName: string;
  /** This payment's MSISDN format in its confirmation; default the simulator's. */
  msisdnFormat?: MsisdnFormat;
}

export interface C2bPaymentsDeps {
  options: Pick<ResolvedOptions, 'msisdnFormat' | 'callbackDelayMs'>;
  scheduler: Scheduler;
  callbacks: CallbackPoster;
  receiptNumbers: ReceiptNumbers;
  receipts: ReceiptBook;
  registry: C2bRegistry;
}

type Verdict = { accepted: true } | { accepted: false; resultCode: string; resultDesc: string };

/**
 * What the integrator's validation reply decides. Anything but ResultCode 0 is a rejection
 * (C2B00011..C2B00016); no usable reply (down, slow, not JSON) falls back on the ResponseType
 * registered: Completed lets the payment through, Cancelled refuses it.
 */
function verdict(callback: SimCallback, registration: C2bRegistration): Verdict {
  const reply = callback.response as { ResultCode?: unknown; ResultDesc?: unknown } | null;
  const answered = typeof callback.status === 'number' && callback.status >= 200 && callback.status < 300 && reply !== null && typeof reply === 'object' && reply.ResultCode !== undefined;
  if (answered) {
    if (String(reply.ResultCode) === '0') return { accepted: true };
    return { accepted: false, resultCode: String(reply.ResultCode), resultDesc: typeof reply.ResultDesc === 'string' ? reply.ResultDesc : 'Rejected' };
  }
  if (registration.responseType === 'Completed') return { accepted: true };
  return { accepted: false, resultCode: 'C2B00016', resultDesc: 'Validation URL did not answer; ResponseType Cancelled' };
}

const COMPLETED = 'The service request is processed successfully.';
const ABANDONED = 'The simulator was reset or closed during the payment';

/** A customer pays a Paybill or till from their phone: validation (if enabled), then confirmation. */
export class C2bPayments {
  constructor(private readonly deps: C2bPaymentsDeps) {}

  async pay(payment: C2bPayment): Promise<PayBillResult> {
    const { deps } = this;
    const epoch = deps.callbacks.epoch;
    const now = new Date();
    const transId = deps.receiptNumbers.next(now);
    const transTime = nairobiTimestamp(now);
    const registration = deps.registry.registration(payment.merchant.shortCode);
    const payload = (orgAccountBalance: string) =>
      c2bPayload({
        commandId: payment.commandId,
        transId,
        transTime,
        amount: payment.amount,
        shortCode: payment.merchant.shortCode,
        billRefNumber: payment.billRefNumber,
        orgAccountBalance,
        msisdn: formatMsisdn(payment.msisdn, payment.msisdnFormat ?? deps.options.msisdnFormat),
        firstName: payment.firstName,
      });

    // Validation is only asked for when Safaricom enabled it on the shortcode; OrgAccountBalance is blank there.
    if (registration && payment.merchant.externalValidation) {
      const answer = verdict(await deps.callbacks.post('c2b_validation', registration.validationUrl, payload(''), transId), registration);
      if (!answer.accepted) return { transId, completed: false, resultCode: answer.resultCode, resultDesc: answer.resultDesc };
    }
    // reset() or close() while validation was in flight: this payment belongs to a test that has ended.
    if (epoch !== deps.callbacks.epoch) return { transId, completed: false, resultCode: 'abandoned', resultDesc: ABANDONED };

    // The money moves whether or not anyone is told: without registered URLs the payment
    // still completes (and Transaction Status knows it), only no confirmation is sent.
    const balance = deps.registry.credit(payment.merchant.shortCode, payment.amount);
    deps.receipts.add({
      receiptNo: transId,
      source: 'c2b',
      amount: payment.amount,
      debitParty: payment.msisdn,
      debitName: payment.firstName,
      creditParty: payment.merchant.shortCode,
      creditName: payment.merchant.name,
      businessShortCode: payment.merchant.shortCode,
      initiatedTime: transTime,
      finalisedTime: transTime,
      reasonType: payment.commandId === 'CustomerPayBillOnline' ? 'Pay Bill' : 'Pay Merchant',
    });
    if (registration && (await deps.scheduler.sleep(deps.options.callbackDelayMs))) {
      await deps.callbacks.post('c2b_confirmation', registration.confirmationUrl, payload(balance.toFixed(2)), transId);
    }
    return { transId, completed: true, resultCode: '0', resultDesc: COMPLETED };
  }
}
