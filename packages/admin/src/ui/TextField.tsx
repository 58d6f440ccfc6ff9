/**
 * A labelled text field with its hint and its error, wired for screen readers: the error
 * and the hint are the field's description, and the field says it is invalid.
 */
import { t } from '../core/translate';

export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange(value: string): void;
  hint?: string;
  error?: string | undefined;
  required?: boolean;
  multiline?: boolean;
  readOnly?: boolean;
  /** The language of the text typed (a title in German): read in that language. */
  lang?: string;
  inputMode?: 'numeric' | 'url' | 'text';
  maxLength?: number;
}

export function TextField(props: TextFieldProps) {
  const { id, label, value, onChange, hint, error, required, multiline, readOnly, lang } = props;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : '', hint ? hintId : ''].filter(Boolean).join(' ');
  const shared = {
    id,
    value,
    readOnly,
    lang,
    dir: lang ? 'auto' : undefined,
    maxLength: props.maxLength,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy === '' ? undefined : describedBy,
    'aria-required': required || undefined,
  } as const;
  return (
    <div className={`pn-field${error ? ' pn-field--invalid' : ''}`}>
      <label htmlFor={id}>
        {label} <span className="pn-field__need">({required ? t('required') : t('optional')})</span>
      </label>
      {hint ? (
        <p id={hintId} className="pn-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="pn-field-error">
          {error}
        </p>
      ) : null}
      {multiline ? (
        <textarea {...shared} rows={3} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input
          {...shared}
          type="text"
          inputMode={props.inputMode}
          spellCheck={props.inputMode === 'url' ? false : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </div>
  );
}
