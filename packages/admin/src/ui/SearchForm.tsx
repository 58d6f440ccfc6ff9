/**
 * A search field that searches as the operator types (after a pause, replacing the address
 * rather than adding to history) and at once on Enter or the Search button.
 */
import type { FormEvent } from 'react';
import { useEffect, useEffectEvent, useId, useState } from 'react';
import { t } from '../core/translate';

const PAUSE_MS = 350;

export interface SearchFormProps {
  label: string;
  hint: string;
  value: string;
  /** `typing`: searched after a pause, not on a submit. */
  onSearch(text: string, typing: boolean): void;
}

export function SearchForm({ label, hint, value, onSearch }: SearchFormProps) {
  const ids = { field: useId(), hint: useId() };
  const [text, setText] = useState(value);
  const [shown, setShown] = useState(value);
  // The search changed elsewhere (back, a link): the field follows it.
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  const searchTyped = useEffectEvent((typed: string) => onSearch(typed, true));
  useEffect(() => {
    if (text === value) return undefined;
    const timer = setTimeout(() => searchTyped(text), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(text, false);
  }
  return (
    <form role="search" className="pn-search" onSubmit={submit}>
      <label htmlFor={ids.field}>{label}</label>
      <div className="pn-search__row">
        <input
          id={ids.field}
          type="search"
          value={text}
          maxLength={200}
          aria-describedby={ids.hint}
          onChange={(event) => setText(event.target.value)}
        />
        <button type="submit" className="pn-button">
          {t('search')}
        </button>
      </div>
      <p id={ids.hint} className="pn-hint">
        {hint}
      </p>
    </form>
  );
}
