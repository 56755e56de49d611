/** A message sent through the public /contact form (table contact_submissions). */
export interface ContactSubmission {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly phone: string | null;
  readonly message: string;
  readonly createdAt: Date;
}

/**
 * Where contact messages are kept until an admin resolves them. Separate from the
 * EscrowStore: a message touches no order, so it needs none of its transactions.
 */
export interface ContactStore {
  insert(submission: ContactSubmission): Promise<void>;
}
