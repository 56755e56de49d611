/** A labelled set of radio options (tap targets of 44px come from .radio-option). */
export function ChoiceGroup<V extends string>({ legend, name, value, options, onChange }: { legend: string; name: string; value: V; options: readonly { value: V; label: string; hint?: string }[]; onChange: (value: V) => void }) {
  return (
    <fieldset className="radio-group">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="radio-option radio-option--stacked">
          <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
          <span>
            {option.label}
            {option.hint ? <span className="radio-option__hint">{option.hint}</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
