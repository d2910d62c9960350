import { useState, type InputHTMLAttributes, type Ref } from 'react';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Offers a show/hide toggle for a password field. */
  revealable?: boolean;
  /** A failed check's message, shown under the input and named as its description. */
  error?: string;
}

export function TextField({ label, value, onValueChange, inputRef, revealable, error, type = 'text', id, ...input }: TextFieldProps) {
  const [revealed, setRevealed] = useState(false);
  const inputId = id ?? `field-${label}`;
  const errorId = `${inputId}-error`;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div className="field__control">
        <input
          {...input}
          ref={inputRef}
          id={inputId}
          className="field__input"
          type={revealable && revealed ? 'text' : type}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => onValueChange(event.target.value)}
        />
        {revealable && (
          <button
            type="button"
            className="field__reveal"
            aria-label={`显示${label}`}
            aria-pressed={revealed}
            onClick={() => setRevealed((shown) => !shown)}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" fill="none" stroke="currentColor" strokeWidth="1.8" />
              <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.8" />
              {!revealed && <path d="M4 20L20 4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />}
            </svg>
          </button>
        )}
      </div>
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
