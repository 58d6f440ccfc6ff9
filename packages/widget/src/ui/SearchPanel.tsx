import { memo, useId, useRef, useState } from 'react';
import type { FormEvent, KeyboardEvent, MouseEvent, Ref } from 'react';
import { findSearchTextProblem } from '@partners-network/contract';
import { useMessages } from './MessagesContext';

export interface SearchPanelProps {
  /** Text supplied from outside (the last search, a restored saved search, '' after RESET ALL). */
  text: string;
  /** Bump to force the field back to `text` even when `text` did not change (RESET ALL). */
  resetSignal?: number;
  /** Receives the trimmed text; never called while the text is invalid. */
  onSubmit: (text: string) => void;
  inputRef?: Ref<HTMLInputElement>;
}

interface Synced {
  text: string;
  resetSignal: number;
  /** The last text this panel emitted: its echo in `text` must not overwrite typing. */
  emitted: string;
}

// Memoised: a new list leaves the search field as it is.
export const SearchPanel = memo(function SearchPanel({
  text,
  resetSignal = 0,
  onSubmit,
  inputRef,
}: SearchPanelProps) {
  const [value, setValue] = useState(text);
  const [synced, setSynced] = useState<Synced>({ text, resetSignal, emitted: text });
  // Enter counts on key release, but only when it was also pressed in this field.
  const enterDown = useRef(false);
  const ids = useId();
  const t = useMessages();
  const tooltipId = `${ids}-tooltip`;

  // Adopt outside text during render (no effect, no flash of the old value).
  if (synced.text !== text || synced.resetSignal !== resetSignal) {
    setSynced({ ...synced, text, resetSignal });
    if (synced.resetSignal !== resetSignal || text !== synced.emitted) setValue(text);
  }

  const problem = findSearchTextProblem(value);

  function emit(raw: string) {
    if (findSearchTextProblem(raw) !== null) return;
    const trimmed = raw.trim();
    setSynced((s) => ({ ...s, emitted: trimmed }));
    onSubmit(trimmed);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    // Stop the browser's implicit form submission: the search is emitted on keyup.
    event.preventDefault();
    enterDown.current = !event.nativeEvent.isComposing;
  }

  function handleKeyUp(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    const pressedHere = enterDown.current;
    enterDown.current = false;
    if (pressedHere) emit(event.currentTarget.value);
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    emit(value);
  }

  function handleClear(event: MouseEvent<HTMLButtonElement>) {
    setValue('');
    emit('');
    // The clear button disappears with the text: keep focus in the field, not on <body>.
    const field = event.currentTarget.form?.elements.namedItem('search');
    if (field instanceof HTMLInputElement) field.focus();
  }

  return (
    <section className="pn-search" part="search-panel" aria-labelledby={`${ids}-heading`}>
      <h1 className="pn-search__heading" id={`${ids}-heading`}>
        {t('heading')}
      </h1>
      <form
        className="pn-search__form"
        role="search"
        aria-label={t('searchForm')}
        noValidate
        onSubmit={handleSubmit}
      >
        <div className="pn-search__field">
          <div className="pn-search__control">
            <input
              ref={inputRef}
              className="pn-search__input"
              part="search-input"
              type="text"
              name="search"
              aria-label={t('searchField')}
              placeholder={t('searchPlaceholder')}
              autoComplete="off"
              enterKeyHint="search"
              value={value}
              aria-invalid={problem !== null}
              aria-describedby={problem !== null ? tooltipId : undefined}
              onChange={(event) => setValue(event.target.value)}
              onKeyDown={handleKeyDown}
              onKeyUp={handleKeyUp}
            />
            {value !== '' && (
              <button
                type="button"
                className="pn-search__clear"
                part="button clear-button"
                aria-label={t('clearSearch')}
                onClick={handleClear}
              >
                <span aria-hidden="true">×</span>
              </button>
            )}
          </div>
          {problem !== null && (
            <div className="pn-search__tooltip" role="tooltip" id={tooltipId}>
              {t('searchInvalid')}
            </div>
          )}
        </div>
        <button
          type="submit"
          className="pn-button pn-button--primary pn-search__submit"
          part="button search-button"
          disabled={problem !== null}
        >
          {t('searchButton')}
        </button>
      </form>
    </section>
  );
});
