import { completedSteps, PROGRESS_PERCENT, PROGRESS_STEPS, type OrderStatus } from '@escrow/core/orders';
import './order-progress.css';
import { useT } from '../i18n/react.tsx';
import type { UiTextId } from '../i18n/ui-texts.ts';

interface OrderProgressProps {
  status: OrderStatus;
}

/**
 * The four-step progress of spec section 4 (Payment, Rider Assigned, On Route, Delivered)
 * with its percentage, shared by the buyer page and the order page. A cancelled order shows
 * no progress bar: 0 % would read as "not paid yet".
 */
export function OrderProgress({ status }: OrderProgressProps) {
  const t = useT<UiTextId>();
  if (status === 'cancelled') return null;
  const percent = PROGRESS_PERCENT[status];
  const done = completedSteps(status);
  return (
    <div className="order-progress">
      <div
        className="order-progress__bar"
        role="progressbar"
        aria-label={t('ui.progress.label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="order-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="order-progress__percent">{t('ui.progress.percent', { percent })}</p>
      <ol className="order-progress__steps">
        {PROGRESS_STEPS.map((step, index) => (
          <li key={step} className={index < done ? 'order-progress__step order-progress__step--done' : 'order-progress__step'}>
            <span className="order-progress__dot" aria-hidden="true">
              {index < done ? '✓' : index + 1}
            </span>
            <span className="order-progress__label">{t(`progress.step.${index as 0 | 1 | 2 | 3}`)}</span>
            {index < done ? <span className="visually-hidden">{t('ui.progress.done')}</span> : null}
          </li>
        ))}
      </ol>
    </div>
  );
}
