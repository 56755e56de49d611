import { ok, type Result } from '../../errors.js';
import type { Cents } from '../../money/cents.js';
import type { EscrowDeps } from '../deps.js';
import { settleStkRequest, type StkSettlement } from './settle-stk-request.js';

/** An STK callback as the Daraja adapter parsed it (amount in cents). */
export interface StkCallback {
  readonly checkoutRequestId: string;
  readonly merchantRequestId: string;
  readonly resultCode: number;
  readonly resultDesc: string;
  readonly receipt?: string;
  readonly amount?: Cents;
  readonly phone?: string;
}

export type StkCallbackOutcome =
  | { readonly known: false }
  | { readonly known: true; readonly requestId: string; readonly settlement: StkSettlement | null };

/**
 * Daraja POSTed an STK result. It is a hint, not money (callbacks are unsigned): the first one
 * is stored on its request, repeats are counted, and the request is settled by asking Daraja
 * (STK Query) right away, or, with `settle: false`, left to the caller (the HTTP route answers
 * Daraja first and settles after). An unknown CheckoutRequestID is answered and otherwise ignored.
 */
export async function recordStkCallback(deps: EscrowDeps, callback: StkCallback, options: { settle?: boolean } = {}): Promise<Result<StkCallbackOutcome>> {
  const request = await deps.store.transaction(async (tx) => {
    const found = await tx.mpesa.getStkRequestByCheckoutId(callback.checkoutRequestId);
    if (!found) return undefined;
    const now = deps.clock.now();
    const first = found.callbackResultCode === null;
    await tx.mpesa.updateStkRequest(found.id, [found.status], {
      callbacks: found.callbacks + 1,
      updatedAt: now,
      ...(first
        ? {
            callbackResultCode: callback.resultCode,
            callbackReceipt: callback.resultCode === 0 ? (callback.receipt ?? null) : null,
            callbackAmount: callback.resultCode === 0 ? (callback.amount ?? null) : null,
            callbackPhone: callback.phone ?? null,
          }
        : {}),
    });
    return found;
  });
  if (!request) return ok({ known: false });
  if (options.settle === false) return ok({ known: true, requestId: request.id, settlement: null });
  const settled = await settleStkRequest(deps, request.id);
  return settled.ok ? ok({ known: true, requestId: request.id, settlement: settled.value }) : settled;
}
