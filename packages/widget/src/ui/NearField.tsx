/// <reference types="vite/client" />
import { useId } from 'react';
import type { KeyboardEvent } from 'react';
import type { NearMessageId } from '../core/i18n/near/en-US';

/** The field's sheet (NearField.css): it travels with the field's chunk. */
export { default as styles } from './NearField.css?inline';

export interface NearSuggestion {
  key: string;
  /** "Lyon", isolated: a Latin name in an Arabic list keeps its place. */
  name: string;
  /** What follows the name: ", France". */
  country: string;
  /** "12 partners" ('' when none). */
  detail: string;
}

export interface NearChoice {
  value: string;
  label: string;
}

export interface NearFieldProps {
  t: (id: NearMessageId) => string;
  /** The field's visible label ("Near") and the button's text: the page's catalogue. */
  label: string;
  locateLabel: string;
  value: string;
  onChange: (value: string) => void;
  onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  /** The validation message, '' when the text is valid. */
  problem: string;
  /** The list shows: the suggestions for what the field says have come (maybe none). */
  open: boolean;
  suggestions: readonly NearSuggestion[];
  /** Index of the option the arrow keys are on; -1 for none. */
  active: number;
  onChoose: (index: number) => void;
  onLocate: () => void;
  /** A point is set: the clear button, the radius and the order show. */
  located: boolean;
  onClear: () => void;
  /** What the field says about "Use my location" ('' when nothing). */
  status: string;
  radius: string;
  radiusChoices: readonly NearChoice[];
  onRadius: (value: string) => void;
  sort: string;
  sortChoices: readonly NearChoice[];
  onSort: (value: string) => void;
  /** Handed over from the page script's field: which part had focus. */
  autoFocus?: 'input' | 'button';
}

/**
 * The location field (issue 25): an ARIA 1.2 combobox (the input owns a listbox of
 * cities; the arrow keys move `aria-activedescendant`, Enter chooses, Escape closes),
 * the "Use my location" button, what it says in a polite status region, and, once a
 * point is set, the radius and the order.
 */
export function NearField(props: NearFieldProps) {
  const { t, open, suggestions, active, problem, located } = props;
  const id = useId();
  const listId = `${id}-list`;
  const problemId = `${id}-problem`;
  return (
    <div className="pn-near" part="near">
      <div className="pn-near__row">
        <label className="pn-near__field" htmlFor={`${id}-input`}>
          {props.label}
        </label>
        <div className="pn-near__control">
          <input
            id={`${id}-input`}
            className="pn-search__input"
            part="near-input"
            type="text"
            role="combobox"
            aria-expanded={open}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={open && active >= 0 ? `${id}-${active}` : undefined}
            aria-invalid={problem !== ''}
            aria-describedby={problem !== '' ? problemId : undefined}
            placeholder={t('placeholder')}
            autoComplete="off"
            // Handed over from the field the page script showed first.
            autoFocus={props.autoFocus === 'input'}
            value={props.value}
            onChange={(event) => props.onChange(event.target.value)}
            onKeyDown={props.onKeyDown}
            onBlur={props.onBlur}
          />
          {located && (
            <button
              type="button"
              className="pn-search__clear"
              part="button clear-near-button"
              aria-label={t('clearNear')}
              onClick={props.onClear}
            >
              <span aria-hidden="true">×</span>
            </button>
          )}
          <ul
            className="pn-near__list"
            id={listId}
            role="listbox"
            aria-label={t('suggestions')}
            hidden={!open}
          >
            {suggestions.map((suggestion, index) => (
              <li
                key={suggestion.key}
                id={`${id}-${index}`}
                className="pn-near__option"
                role="option"
                aria-selected={index === active}
                // Chosen on press, before the field's blur closes the list.
                onMouseDown={(event) => {
                  event.preventDefault();
                  props.onChoose(index);
                }}
              >
                <span>
                  <bdi>{suggestion.name}</bdi>
                  {suggestion.country}
                </span>
                {suggestion.detail && <span className="pn-near__count">{suggestion.detail}</span>}
              </li>
            ))}
            {open && suggestions.length === 0 && (
              <li
                className="pn-near__none"
                role="option"
                aria-disabled="true"
                aria-selected="false"
              >
                {t('noPlaces')}
              </li>
            )}
          </ul>
        </div>
        <button
          type="button"
          className="pn-button pn-button--secondary pn-near__locate"
          part="button locate-button"
          autoFocus={props.autoFocus === 'button'}
          onClick={props.onLocate}
        >
          {props.locateLabel}
        </button>
      </div>
      {problem !== '' && (
        <p className="pn-search__tooltip" id={problemId}>
          {problem}
        </p>
      )}
      <p className="pn-near__status" role="status">
        {props.status}
      </p>
      {(open || located) && (
        // GeoNames' licence (CC BY 4.0) asks for credit wherever its places are shown.
        <p className="pn-near__credit">
          © <a href="https://www.geonames.org/">GeoNames</a>,{' '}
          <a href="https://creativecommons.org/licenses/by/4.0/">CC BY 4.0</a>
        </p>
      )}
      {located && (
        <div className="pn-near__row">
          <Choice
            label={t('radius')}
            value={props.radius}
            choices={props.radiusChoices}
            onChange={props.onRadius}
          />
          <Choice
            label={t('sort')}
            value={props.sort}
            choices={props.sortChoices}
            onChange={props.onSort}
          />
        </div>
      )}
    </div>
  );
}

function Choice(props: {
  label: string;
  value: string;
  choices: readonly NearChoice[];
  onChange: (value: string) => void;
}) {
  return (
    <label className="pn-near__choice">
      <span className="pn-near__label">{props.label}</span>
      <select
        className="pn-near__select"
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
      >
        {props.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </label>
  );
}
