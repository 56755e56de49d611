import { catalogue } from '@escrow/core/messages';
import { FEEDBACK_COMMENT_MAX_LENGTH, isStarRating } from '@escrow/core/rules';
import { FormAlert, SubmitButton, TextAreaField } from '@escrow/ui/components/form-field';
import { StarRating } from '@escrow/ui/components/star-rating';
import { StarRatingInput } from '@escrow/ui/components/star-rating-input';
import { useIdempotentAction } from '@escrow/ui/forms/use-idempotent-action';
import { useState } from 'react';
import { buyerApi, type BuyerChange, type BuyerOrder } from './buyer-api.ts';

interface FeedbackSectionProps {
  orderId: string;
  deliveryCode: string;
  feedback: BuyerOrder['feedback'];
  onSubmitted(message: string): void;
  onSending(): void;
  onNotSent(): void;
}

/** What was sent: feedback is locked once submitted (spec section 4), so it is only shown. */
function SentFeedback({ feedback }: { feedback: NonNullable<BuyerOrder['feedback']> }) {
  return (
    <section className="card" aria-labelledby="feedback-title">
      <h2 id="feedback-title">Your rating</h2>
      <dl className="details">
        <div>
          <dt>Rider</dt>
          <dd>
            <StarRating value={feedback.riderRating} />
          </dd>
        </div>
        <div>
          <dt>Seller</dt>
          <dd>
            <StarRating value={feedback.sellerRating} />
          </dd>
        </div>
        {feedback.comment ? (
          <div>
            <dt>Comment</dt>
            <dd>{feedback.comment}</dd>
          </div>
        ) : null}
      </dl>
      <p className="note">{catalogue.buyer.feedbackThanks}</p>
    </section>
  );
}

export function FeedbackSection({ orderId, deliveryCode, feedback, onSubmitted, onSending, onNotSent }: FeedbackSectionProps) {
  const [riderRating, setRiderRating] = useState(0);
  const [sellerRating, setSellerRating] = useState(0);
  const [comment, setComment] = useState('');
  const action = useIdempotentAction<BuyerChange>(catalogue.buyer.submitFeedbackFailed);
  if (feedback) return <SentFeedback feedback={feedback} />;

  const missing = action.error === catalogue.buyer.rateBoth;
  return (
    <section className="card" aria-labelledby="feedback-title">
      <h2 id="feedback-title">Rate your experience</h2>
      <form
        className="form"
        noValidate
        aria-labelledby="feedback-title"
        onSubmit={(event) => {
          event.preventDefault();
          // core's feedbackSchema: both ratings 1-5, comment optional (its rules, decision 0062).
          if (!isStarRating(riderRating) || !isStarRating(sellerRating)) {
            action.setError(catalogue.buyer.rateBoth);
            return;
          }
          const body = { riderRating, sellerRating, comment: comment.trim() };
          onSending();
          action.run(JSON.stringify(body), (key) => buyerApi.submitFeedback(orderId, deliveryCode, body, key, catalogue.buyer.submitFeedbackFailed), {
            onSuccess: (data) => onSubmitted(data.message || catalogue.buyer.feedbackThanks),
            onFailure: onNotSent,
          });
        }}
      >
        <StarRatingInput legend="Rate the rider" value={riderRating} onChange={setRiderRating} disabled={action.busy} invalid={missing && riderRating < 1} />
        <StarRatingInput legend="Rate the seller" value={sellerRating} onChange={setSellerRating} disabled={action.busy} invalid={missing && sellerRating < 1} />
        <TextAreaField label="Comment" name="comment" value={comment} onValueChange={setComment} maxLength={FEEDBACK_COMMENT_MAX_LENGTH} rows={3} />
        {action.error ? <FormAlert tone="error">{action.error}</FormAlert> : null}
        <SubmitButton busy={action.busy} busyLabel="Sending…">
          Submit Feedback
        </SubmitButton>
      </form>
    </section>
  );
}
