import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './form.css';
import { useT } from '../i18n/react.tsx';
import type { UiTextId } from '../i18n/ui-texts.ts';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  /** Marks the field as the one the form's error message is about. */
  invalid?: boolean;
  /** The field's own message, shown under it and read with it (a form with one field has no other place). */
  error?: string | null;
  hint?: ReactNode;
}

/** A labelled text input; the label is always visible (no placeholder-only fields). */
export function TextField({ label, value, onValueChange, invalid = false, error = null, hint, ...input }: TextFieldProps) {
  const id = useId();
  const t = useT<UiTextId>();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        {input.required ? null : <span className="field__optional">{t('ui.optional')}</span>}
      </label>
      <input
        {...input}
        id={id}
        className="field__input"
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={invalid || error ? true : undefined}
        aria-describedby={describedBy || undefined}
      />
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

interface TextAreaFieldProps {
  label: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  rows?: number;
  maxLength?: number;
  invalid?: boolean;
}

export function TextAreaField({ label, name, value, onValueChange, rows = 4, maxLength, invalid = false }: TextAreaFieldProps) {
  const id = useId();
  const t = useT<UiTextId>();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
        <span className="field__optional">{t('ui.optional')}</span>
      </label>
      <textarea
        id={id}
        name={name}
        className="field__input field__input--area"
        rows={rows}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onValueChange(event.target.value)}
        aria-invalid={invalid || undefined}
      />
    </div>
  );
}

/**
 * The form's one message (spec section 5: the first failing message is shown). Errors are
 * announced at once (role=alert), successes politely (role=status).
 */
export function FormAlert({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div className={`form-alert form-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </div>
  );
}

/** A submit button that says what it is doing while the request runs. */
export function SubmitButton({ busy, busyLabel, disabled = false, children }: { busy: boolean; busyLabel: string; disabled?: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button button--block" disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy ? busyLabel : children}
    </button>
  );
}
