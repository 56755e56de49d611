import { useId } from 'react';
import './star-rating-input.css';
import { useT } from '../i18n/react.tsx';
import type { UiTextId } from '../i18n/ui-texts.ts';

interface StarRatingInputProps {
  /** The question, e.g. 'Rate the rider'; the group's accessible name. */
  legend: string;
  /** Whole stars 1 to `outOf`; 0 means not rated yet. */
  value: number;
  onChange: (stars: number) => void;
  outOf?: number;
  disabled?: boolean;
  invalid?: boolean;
}

/**
 * A star rating to pick (the read-only one is star-rating.tsx): native radio buttons drawn as
 * stars, so arrow keys, screen readers ('3 stars, 3 of 5') and forms work as they do for any
 * radio group. Each star is a 44px tap target.
 */
export function StarRatingInput({ legend, value, onChange, outOf = 5, disabled = false, invalid = false }: StarRatingInputProps) {
  const name = useId();
  const t = useT<UiTextId>();
  return (
    <fieldset className={invalid ? 'star-rating-input star-rating-input--invalid' : 'star-rating-input'} disabled={disabled}>
      <legend className="star-rating-input__legend">{legend}</legend>
      <div className="star-rating-input__stars">
        {Array.from({ length: outOf }, (_, index) => {
          const stars = index + 1;
          return (
            <label key={stars} className={stars <= value ? 'star-rating-input__star star-rating-input__star--on' : 'star-rating-input__star'}>
              <input
                type="radio"
                className="visually-hidden"
                name={name}
                value={stars}
                checked={value === stars}
                onChange={() => onChange(stars)}
              />
              <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
                <path d="m12 2.5 2.9 6.2 6.6.7-5 4.5 1.4 6.6L12 17.2l-5.9 3.3 1.4-6.6-5-4.5 6.6-.7L12 2.5Z" fill="currentColor" />
              </svg>
              <span className="visually-hidden">{t('ui.stars', { count: stars })}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
