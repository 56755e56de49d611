import { useId } from 'react';
import { Text } from '@escrow/ui/i18n/react';
import { notify } from '@escrow/ui/toast/show-toast';
import { useSellerT, type SellerText } from '../i18n/use-seller-t.ts';
import { copyText } from './copy-text.ts';

/** A link to send on (read-only, selected on focus) with a Copy button that confirms in a toast. */
export function LinkField({ label, value, hint, copiedText }: { label: string; value: string; hint: string; copiedText: string }) {
  const t = useSellerT();
  const id = useId();
  const copy = () =>
    void copyText(value).then((copied) =>
      notify(copied ? { title: copiedText, tone: 'success', durationMs: 3_000 } : { title: t('seller.copyFailed.title'), description: t('seller.copyFailed.body'), tone: 'error' }),
    );
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
      <div className="copy-field">
        <input id={id} className="field__input" readOnly value={value} aria-describedby={`${id}-hint`} onFocus={(event) => event.target.select()} />
        <button type="button" className="button button--secondary" onClick={copy}>
          <Text<SellerText> id="seller.copy" values={{ label: label.toLowerCase() }} components={{ 0: <span className="visually-hidden" /> }} />
        </button>
      </div>
    </div>
  );
}
