import { z } from 'zod';
import { optionalText } from './fields.js';
import { validationMessages } from './messages.js';
import { FEEDBACK_COMMENT_MAX_LENGTH, isStarRating } from '../rules/text-limits.js';

const m = validationMessages.feedback;

// A star widget reports 0 (or nothing) until a star is picked; that is "not rated yet",
// while 6 or 2.5 can only come from a broken client.
const rating = z
  .number({ error: m.ratingsRequired })
  .refine((stars) => stars !== 0, { error: m.ratingsRequired, abort: true })
  .refine(isStarRating, { error: m.ratingInvalid });

/** The buyer's rating form, shown after delivery. */
export const feedbackSchema = z.object({
  riderRating: rating,
  sellerRating: rating,
  comment: optionalText({ max: FEEDBACK_COMMENT_MAX_LENGTH, tooLong: m.commentTooLong, invalid: m.commentInvalid }),
});

export type FeedbackInput = z.input<typeof feedbackSchema>;
export type FeedbackOutput = z.output<typeof feedbackSchema>;
