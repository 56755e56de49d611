import type { DomainError } from '../errors.js';
import type { EscrowTx } from '../ports/escrow-store.js';
import type { MoneyOutClaim } from '../ports/money-out-references.js';

/**
 * Records the reference of money going out, inside the use case's transaction, or says why not
 * (decision 0050): `REFERENCE_IS_A_PAYMENT` when it is the receipt of a buyer's payment in,
 * `REFERENCE_ALREADY_USED` when another refund, settlement or payout has it. null: recorded.
 * On a refusal the caller throws a RollbackError with it, so nothing of its change is kept.
 */
export async function claimMoneyOutReference(tx: EscrowTx, claim: MoneyOutClaim): Promise<DomainError | null> {
  if (await tx.moneyOutReferences.isPaymentReceipt(claim.reference)) {
    return { code: 'REFERENCE_IS_A_PAYMENT', detail: `${claim.kind} reference ${claim.reference} is a payment receipt` };
  }
  if (!(await tx.moneyOutReferences.claim(claim))) {
    return { code: 'REFERENCE_ALREADY_USED', detail: `${claim.kind} reference ${claim.reference} is already recorded` };
  }
  return null;
}
