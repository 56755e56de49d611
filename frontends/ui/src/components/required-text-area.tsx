import { useId, type ReactNode } from 'react';
import './form.css';

interface RequiredTextAreaProps {
  label: string;
  name: string;
  value: string;
  onValueChange: (value: string) => void;
  rows?: number;
  maxLength?: number;
  invalid?: boolean;
  hint?: ReactNode;
}

/**
 * A labelled text area that must be filled (form-field.tsx's TextAreaField is the optional
 * one). `required` is announced to screen readers; the form checks it and shows its own
 * message rather than the browser's bubble.
 */
export function RequiredTextArea({ label, name, value, onValueChange, rows = 4, maxLength, invalid = false, hint }: RequiredTextAreaProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        className="field__input field__input--area"
        rows={rows}
        maxLength={maxLength}
        value={value}
        required
        aria-invalid={invalid || undefined}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onValueChange(event.target.value)}
      />
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}
