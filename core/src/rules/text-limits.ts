/** A refund request's reason (the buyer's, or the rider's or seller's record that the buyer rejected the item), trimmed. */
export const REFUND_REASON_MIN_LENGTH = 5;
export const REFUND_REASON_MAX_LENGTH = 1000;

/** The buyer's comment beside the two ratings. */
export const FEEDBACK_COMMENT_MAX_LENGTH = 1000;

/** What the rider writes when the payment at the door went wrong. */
export const PAYMENT_ISSUE_MAX_LENGTH = 1000;

/** Ratings are whole stars, 1 to 5; 0 is a star widget's "not rated yet". */
export const MIN_STARS = 1;
export const MAX_STARS = 5;

export function isStarRating(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= MIN_STARS && (value as number) <= MAX_STARS;
}
