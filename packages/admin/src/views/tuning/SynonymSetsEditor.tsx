/**
 * The site's synonym sets: equivalent words (each finds the others) or one way (a search
 * for one word also finds the others). Words are typed separated by commas.
 */
import type { SynonymDraft, TuningDraft } from '../../core/tuningDraft';
import { addSynonymSet, updateSynonymSet } from '../../core/tuningDraft';
import { t } from '../../core/translate';
import { TextField } from '../../ui/TextField';
import { ADD_SYNONYMS_ID, focusSoon, synonymFieldId } from './tuningFields';

export interface SynonymSetsEditorProps {
  draft: TuningDraft;
  onChange(draft: TuningDraft): void;
  errorOf(field: string): string | undefined;
}

export function SynonymSetsEditor({ draft, onChange, errorOf }: SynonymSetsEditorProps) {
  return (
    <section className="pn-form__section pn-tuning__part" aria-labelledby="tuning-synonyms">
      <h2 id="tuning-synonyms">{t('synonymsTitle')}</h2>
      <p className="pn-hint">{t('synonymsIntro')}</p>
      {draft.synonymSets.length === 0 ? <p>{t('noSynonyms')}</p> : null}
      {draft.synonymSets.map((set, index) => (
        <SynonymSetFields
          key={set.key}
          set={set}
          number={index + 1}
          errorOf={(field) => errorOf(`synonymSets.${set.key}.${field}`)}
          onChange={(patch) => {
            onChange(updateSynonymSet(draft, set.key, patch));
            if (patch === null) focusSoon(ADD_SYNONYMS_ID);
          }}
        />
      ))}
      <div className="pn-tuning__adds">
        <button
          id={ADD_SYNONYMS_ID}
          type="button"
          className="pn-button"
          onClick={() => {
            onChange(addSynonymSet(draft, 'equivalent'));
            focusSoon(synonymFieldId(draft.nextKey, 'phrases'));
          }}
        >
          {t('addEquivalent')}
        </button>
        <button
          type="button"
          className="pn-button"
          onClick={() => {
            onChange(addSynonymSet(draft, 'oneWay'));
            focusSoon(synonymFieldId(draft.nextKey, 'from'));
          }}
        >
          {t('addOneWay')}
        </button>
      </div>
    </section>
  );
}

interface SetProps {
  set: SynonymDraft;
  number: number;
  errorOf(field: string): string | undefined;
  /** A patch of the set; null removes it. */
  onChange(patch: Partial<Omit<SynonymDraft, 'key'>> | null): void;
}

function SynonymSetFields({ set, number, errorOf, onChange }: SetProps) {
  const kindName = `tuning-synonym-${set.key}-kind`;
  // A problem of the set as a whole (its kind) is shown on its first field.
  const wholeSet = errorOf('');
  return (
    <fieldset className="pn-choices pn-tuning__item">
      <legend>{t('synonymSetTitle', { number })}</legend>
      <div className="pn-tuning__kind" role="radiogroup" aria-label={t('synonymKind')}>
        {(['equivalent', 'oneWay'] as const).map((kind) => (
          <div key={kind} className="pn-choice">
            <input
              id={`${kindName}-${kind}`}
              type="radio"
              name={kindName}
              checked={set.kind === kind}
              onChange={() => onChange({ kind })}
            />
            <label htmlFor={`${kindName}-${kind}`}>
              {t(kind === 'equivalent' ? 'kindEquivalent' : 'kindOneWay')}
            </label>
          </div>
        ))}
      </div>
      {set.kind === 'equivalent' ? (
        <TextField
          id={synonymFieldId(set.key, 'phrases')}
          label={t('fieldPhrases')}
          hint={t('fieldPhrasesHint')}
          value={set.phrases}
          required
          error={errorOf('phrases') ?? wholeSet}
          onChange={(phrases) => onChange({ phrases })}
        />
      ) : (
        <div className="pn-tuning__one-way">
          <TextField
            id={synonymFieldId(set.key, 'from')}
            label={t('fieldFrom')}
            hint={t('fieldFromHint')}
            value={set.from}
            required
            error={errorOf('from') ?? wholeSet}
            onChange={(from) => onChange({ from })}
          />
          <span className="pn-tuning__arrow" aria-hidden="true">
            →
          </span>
          <TextField
            id={synonymFieldId(set.key, 'to')}
            label={t('fieldTo')}
            hint={t('fieldToHint')}
            value={set.to}
            required
            error={errorOf('to')}
            onChange={(to) => onChange({ to })}
          />
        </div>
      )}
      <button type="button" className="pn-button pn-button--small" onClick={() => onChange(null)}>
        {t('removeSynonymSet', { number })}
      </button>
    </fieldset>
  );
}
