import type { AdminAuditEntry } from './admin-store.js';

/** An account nobody has signed in to since the cutoff (never signed in: since it was made). */
export interface InactiveAccount {
  readonly userId: string;
  readonly email: string;
  readonly lastActiveAt: Date;
  readonly isAdmin: boolean;
  readonly sellerId: string | null;
  readonly businessName: string | null;
  readonly orders: number;
  /** Orders not yet at an end state (settlement_completed, completed, cancelled): money or goods still moving. */
  readonly openOrders: number;
}

export type AnonymiseOutcome =
  | { readonly anonymised: true; readonly orders: number; readonly files: readonly string[] }
  | { readonly anonymised: false; readonly reason: 'signed_in' | 'open_orders' | 'admin' | 'gone' };

/**
 * The inactive-account purge (PRODUCT-DECISIONS: no sign-in for 6 months; personal data
 * removed, orders and ledger kept, anonymised).
 */
export interface InactiveAccounts {
  /** Accounts not yet anonymised whose last sign-in (or creation) is before `cutoff`. */
  candidates(cutoff: Date): Promise<InactiveAccount[]>;
  /**
   * In one transaction: checks again that the account is still inactive, not an admin and has
   * no open order (a sign-in or a new order since `candidates` keeps it), then removes its
   * personal data and that of its orders' buyers and riders, and appends `audit`. Returns the
   * stored files (URLs) it unlinked from the records, for the caller to delete.
   */
  anonymise(userId: string, args: { readonly cutoff: Date; readonly at: Date; readonly audit: AdminAuditEntry }): Promise<AnonymiseOutcome>;
}
