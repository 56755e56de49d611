import type { EscrowDeps } from '../deps.js';
import { checkClaims, type ClaimCheckReport } from './check-claims.js';
import { settleStkRequest, type StkSettlement } from './settle-stk-request.js';

export interface ReconcileReport {
  readonly queried: number;
  readonly paid: number;
  readonly failed: number;
  readonly waiting: number;
  readonly needsAttention: number;
  /** Transaction Status queries sent about claims (their Results come later, to the API). */
  readonly claims: ClaimCheckReport;
}

/**
 * The reconciliation job (issue 15): STK requests with no final answer whose next query is due
 * (60 s after the push, then with backoff) are asked about with STK Query, one by one; then
 * claims due a Transaction Status query are asked about (checkClaims). Safe to run in several
 * processes at once: settling is conditional, so a request settles once, and a claim's query
 * is written once per attempt before it is sent.
 */
export async function reconcilePayments(deps: EscrowDeps, options: { limit?: number } = {}): Promise<ReconcileReport> {
  const due = await deps.store.read((tx) => tx.mpesa.listStkRequestsDue(deps.clock.now(), options.limit ?? 50));
  const counts = { queried: 0, paid: 0, failed: 0, waiting: 0, needsAttention: 0 };
  for (const request of due) {
    counts.queried += 1;
    const settled = await settleStkRequest(deps, request.id);
    const outcome: StkSettlement['outcome'] = settled.ok ? settled.value.outcome : 'waiting';
    if (outcome === 'paid') counts.paid += 1;
    else if (outcome === 'failed') counts.failed += 1;
    else if (outcome === 'needs_attention') counts.needsAttention += 1;
    else if (outcome === 'waiting') counts.waiting += 1;
  }
  return { ...counts, claims: await checkClaims(deps, options) };
}
