import { useT } from '../i18n/react.tsx';
import type { UiTextId } from '../i18n/ui-texts.ts';

interface LoadingStateProps {
  /** Read by screen readers and shown under the spinner. */
  label?: string;
}

export function LoadingState({ label }: LoadingStateProps) {
  const t = useT<UiTextId>();
  return (
    <div className="state state--loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <p>{label ?? t('ui.loading')}</p>
    </div>
  );
}
