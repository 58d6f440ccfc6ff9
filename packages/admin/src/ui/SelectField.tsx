/**
 * A labelled list to choose from, with its error wired for screen readers like a text
 * field's (the error is the list's description, and the list says it is invalid).
 */
import { useId } from 'react';
import { t } from '../core/translate';

export interface SelectFieldProps {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange(value: string): void;
  /** Given: the field's id (the error summary sends the focus there). */
  id?: string;
  /** Shows "(required)" or "(optional)" after the label; neither when undefined. */
  required?: boolean;
  error?: string | undefined;
}

export function SelectField(props: SelectFieldProps) {
  const ownId = useId();
  const id = props.id ?? ownId;
  const errorId = `${id}-error`;
  const { error, required } = props;
  return (
    <div className={`pn-field${error ? ' pn-field--invalid' : ''}`}>
      <label htmlFor={id}>
        {props.label}
        {required === undefined ? null : (
          <>
            {' '}
            <span className="pn-field__need">({required ? t('required') : t('optional')})</span>
          </>
        )}
      </label>
      {error ? (
        <p id={errorId} className="pn-field-error">
          {error}
        </p>
      ) : null}
      <select
        id={id}
        value={props.value}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
