import './star-rating.css';
import { useT } from '../i18n/react.tsx';
import type { UiTextId } from '../i18n/ui-texts.ts';

interface StarRatingProps {
  /** Whole stars, 0 to `outOf`. */
  value: number;
  outOf?: number;
}

/** A read-only star rating, announced as 'Rated 5 out of 5'. */
export function StarRating({ value, outOf = 5 }: StarRatingProps) {
  const t = useT<UiTextId>();
  const filled = Math.max(0, Math.min(outOf, Math.round(value)));
  return (
    <span className="star-rating" role="img" aria-label={t('ui.rated', { filled, outOf })}>
      {Array.from({ length: outOf }, (_, index) => (
        <svg
          key={index}
          viewBox="0 0 24 24"
          width="18"
          height="18"
          aria-hidden="true"
          focusable="false"
          className={index < filled ? 'star-rating__star star-rating__star--filled' : 'star-rating__star'}
        >
          <path d="m12 2.5 2.9 6.2 6.6.7-5 4.5 1.4 6.6L12 17.2l-5.9 3.3 1.4-6.6-5-4.5 6.6-.7L12 2.5Z" fill="currentColor" />
        </svg>
      ))}
    </span>
  );
}
