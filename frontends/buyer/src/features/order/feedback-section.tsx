import { FEEDBACK_COMMENT_MAX_LENGTH, isStarRating } from '@escrow/core/rules';
import { FormAlert, SubmitButton, TextAreaField } from '@escrow/ui/components/form-field';
import { StarRating } from '@escrow/ui/components/star-rating';
import { StarRatingInput } from '@escrow/ui/components/star-rating-input';
import { useIdempotentAction } from '@escrow/ui/forms/use-idempotent-action';
import { useState } from 'react';
import { buyerApi, type BuyerChange, type BuyerOrder } from './buyer-api.ts';
import { useBuyerT } from '../../i18n/use-buyer-t.ts';

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
  const t = useBuyerT();
  return (
    <section className="card" aria-labelledby="feedback-title">
      <h2 id="feedback-title">{t('buyer.feedback.yourRating')}</h2>
      <dl className="details">
        <div>
          <dt>{t('buyer.feedback.rider')}</dt>
          <dd>
            <StarRating value={feedback.riderRating} />
          </dd>
        </div>
        <div>
          <dt>{t('buyer.feedback.seller')}</dt>
          <dd>
            <StarRating value={feedback.sellerRating} />
          </dd>
        </div>
        {feedback.comment ? (
          <div>
            <dt>{t('buyer.feedback.comment')}</dt>
            <dd>{feedback.comment}</dd>
          </div>
        ) : null}
      </dl>
      <p className="note">{t('catalogue.buyer.feedbackThanks')}</p>
    </section>
  );
}

export function FeedbackSection({ orderId, deliveryCode, feedback, onSubmitted, onSending, onNotSent }: FeedbackSectionProps) {
  const t = useBuyerT();
  const [riderRating, setRiderRating] = useState(0);
  const [sellerRating, setSellerRating] = useState(0);
  const [comment, setComment] = useState('');
  const action = useIdempotentAction<BuyerChange>(t('catalogue.buyer.submitFeedbackFailed'));
  if (feedback) return <SentFeedback feedback={feedback} />;

  const missing = action.error === t('catalogue.buyer.rateBoth');
  return (
    <section className="card" aria-labelledby="feedback-title">
      <h2 id="feedback-title">{t('buyer.feedback.title')}</h2>
      <form
        className="form"
        noValidate
        aria-labelledby="feedback-title"
        onSubmit={(event) => {
          event.preventDefault();
          // core's feedbackSchema: both ratings 1-5, comment optional (its rules, decision 0062).
          if (!isStarRating(riderRating) || !isStarRating(sellerRating)) {
            action.setError(t('catalogue.buyer.rateBoth'));
            return;
          }
          const body = { riderRating, sellerRating, comment: comment.trim() };
          onSending();
          action.run(JSON.stringify(body), (key) => buyerApi.submitFeedback(orderId, deliveryCode, body, key, t('catalogue.buyer.submitFeedbackFailed')), {
            onSuccess: (data) => onSubmitted(data.message || t('catalogue.buyer.feedbackThanks')),
            onFailure: onNotSent,
          });
        }}
      >
        <StarRatingInput legend={t('buyer.feedback.rateRider')} value={riderRating} onChange={setRiderRating} disabled={action.busy} invalid={missing && riderRating < 1} />
        <StarRatingInput legend={t('buyer.feedback.rateSeller')} value={sellerRating} onChange={setSellerRating} disabled={action.busy} invalid={missing && sellerRating < 1} />
        <TextAreaField label={t('buyer.feedback.comment')} name="comment" value={comment} onValueChange={setComment} maxLength={FEEDBACK_COMMENT_MAX_LENGTH} rows={3} />
        {action.error ? <FormAlert tone="error">{action.error}</FormAlert> : null}
        <SubmitButton busy={action.busy} busyLabel={t('buyer.feedback.sending')}>
          {t('buyer.feedback.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}
