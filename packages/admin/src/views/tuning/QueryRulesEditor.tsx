/**
 * Rules for a query: partners pinned (shown first, in the order given) and partners hidden
 * (never shown). Partners are found by title or slug (the partners table's search) and
 * placed with a button; the pinned ones move up and down with buttons, so the order is set
 * with the keyboard as easily as with a mouse.
 */
import type { ReactNode } from 'react';
import type { Scope } from '@partners-network/contract';
import type { AdminClient } from '../../core/createAdminClient';
import type { RuleDraft, TuningDraft } from '../../core/tuningDraft';
import { addQueryRule, movePinned, placePartner, updateQueryRule } from '../../core/tuningDraft';
import { t } from '../../core/translate';
import { TextField } from '../../ui/TextField';
import { PartnerPicker } from './PartnerPicker';
import { ADD_RULE_ID, focusSoon, ruleFieldId } from './tuningFields';
import type { PartnerTitles } from './usePartnerTitles';

export interface QueryRulesEditorProps {
  site: Scope;
  client: AdminClient;
  draft: TuningDraft;
  titles: PartnerTitles;
  onChange(draft: TuningDraft): void;
  /** Shows a query in the preview. */
  onPreview(query: string): void;
  errorOf(field: string): string | undefined;
}

export function QueryRulesEditor(props: QueryRulesEditorProps) {
  const { draft, onChange, errorOf } = props;
  return (
    <section className="pn-form__section pn-tuning__part" aria-labelledby="tuning-rules">
      <h2 id="tuning-rules">{t('rulesTitle')}</h2>
      <p className="pn-hint">{t('rulesIntro')}</p>
      {draft.queryRules.length === 0 ? <p>{t('noRules')}</p> : null}
      {draft.queryRules.map((rule, index) => (
        <QueryRuleFields
          key={rule.key}
          {...props}
          rule={rule}
          number={index + 1}
          errorOf={(field) => errorOf(`queryRules.${rule.key}.${field}`)}
          onRule={(patch) => {
            onChange(updateQueryRule(draft, rule.key, patch));
            if (patch === null) focusSoon(ADD_RULE_ID);
          }}
        />
      ))}
      <div className="pn-tuning__adds">
        <button
          id={ADD_RULE_ID}
          type="button"
          className="pn-button"
          onClick={() => {
            onChange(addQueryRule(draft));
            focusSoon(ruleFieldId(draft.nextKey, 'query'));
          }}
        >
          {t('addRule')}
        </button>
      </div>
    </section>
  );
}

interface RuleProps extends QueryRulesEditorProps {
  rule: RuleDraft;
  number: number;
  /** A patch of the rule; null removes it. */
  onRule(patch: Partial<Omit<RuleDraft, 'key'>> | null): void;
}

function QueryRuleFields({
  site,
  client,
  rule,
  number,
  titles,
  onRule,
  onPreview,
  errorOf,
}: RuleProps) {
  const query = rule.query.trim();
  const nameOf = (slug: string) => {
    const title = titles.of(slug);
    return title === null ? t('unknownPartner', { slug }) : (title ?? slug);
  };
  const place = (slug: string, where: 'pinned' | 'hidden' | 'none') =>
    onRule(placePartner(rule, slug, where));
  /** Unpinned or shown again: its row is gone, the picker is where to go on from. */
  const release = (slug: string) => {
    place(slug, 'none');
    focusSoon(ruleFieldId(rule.key, 'find'));
  };
  // At an end the button stays (and keeps the focus), saying it does nothing.
  const move = (slug: string, by: -1 | 1, possible: boolean) => {
    if (possible) onRule({ pinned: movePinned(rule.pinned, slug, by) });
  };
  return (
    <fieldset className="pn-choices pn-tuning__item">
      <legend>{query === '' ? t('ruleTitle', { number }) : t('ruleTitleFor', { query })}</legend>
      <TextField
        id={ruleFieldId(rule.key, 'query')}
        label={t('fieldQuery')}
        hint={t('fieldQueryHint')}
        value={rule.query}
        required
        error={errorOf('query')}
        onChange={(text) => onRule({ query: text })}
      />
      <PinnedList rule={rule} nameOf={nameOf} onMove={move} onRelease={release} />
      <h3>{t('hiddenTitle')}</h3>
      {rule.hidden.length === 0 ? <p className="pn-hint">{t('noHidden')}</p> : null}
      <ul className="pn-tuning__placed">
        {rule.hidden.map((slug) => (
          <PlacedRow key={slug} slug={slug} title={nameOf(slug)}>
            <button
              type="button"
              className="pn-button pn-button--small"
              aria-label={t('unhide', { title: nameOf(slug) })}
              onClick={() => release(slug)}
            >
              {t('unhideShort')}
            </button>
          </PlacedRow>
        ))}
      </ul>
      {(errorOf('pinned') ?? errorOf('hidden')) ? (
        <p className="pn-field-error">{errorOf('pinned') ?? errorOf('hidden')}</p>
      ) : null}
      <PartnerPicker
        id={ruleFieldId(rule.key, 'find')}
        site={site}
        client={client}
        rule={rule}
        onFound={titles.remember}
        onPlace={(slug, where, on) => place(slug, on ? where : 'none')}
      />
      <div className="pn-tuning__adds">
        <button
          type="button"
          className="pn-button pn-button--small"
          disabled={query === ''}
          onClick={() => onPreview(query)}
        >
          {query === '' ? t('previewRun') : t('previewRule', { query })}
        </button>
        <button type="button" className="pn-button pn-button--small" onClick={() => onRule(null)}>
          {t('removeRule', { query: query === '' ? String(number) : query })}
        </button>
      </div>
    </fieldset>
  );
}

/** A partner of a rule's list: its title and slug, and what can be done with it. */
function PlacedRow(props: { slug: string; title: string; children: ReactNode }) {
  return (
    <li>
      <div className="pn-tuning__row">
        <span className="pn-tuning__name">
          {props.title} <span className="pn-slug">{props.slug}</span>
        </span>
        <span className="pn-tuning__moves">{props.children}</span>
      </div>
    </li>
  );
}

interface PinnedListProps {
  rule: RuleDraft;
  nameOf(slug: string): string;
  /** At an end (`possible` false) the button stays, keeping the focus, and does nothing. */
  onMove(slug: string, by: -1 | 1, possible: boolean): void;
  onRelease(slug: string): void;
}

/** The partners shown first, in order, each moved up or down with a button, or unpinned. */
function PinnedList({ rule, nameOf, onMove, onRelease }: PinnedListProps) {
  const last = rule.pinned.length - 1;
  return (
    <>
      <h3>{t('pinnedTitle')}</h3>
      {rule.pinned.length === 0 ? <p className="pn-hint">{t('noPinned')}</p> : null}
      <ol className="pn-tuning__placed">
        {rule.pinned.map((slug, index) => {
          const title = nameOf(slug);
          const moves = [
            { by: -1, label: t('moveUp', { title }), arrow: '↑', possible: index > 0 },
            { by: 1, label: t('moveDown', { title }), arrow: '↓', possible: index < last },
          ] as const;
          return (
            <PlacedRow key={slug} slug={slug} title={title}>
              {moves.map((move) => (
                <button
                  key={move.by}
                  type="button"
                  className="pn-button pn-button--small"
                  aria-label={move.label}
                  aria-disabled={!move.possible}
                  onClick={() => onMove(slug, move.by, move.possible)}
                >
                  {move.arrow}
                </button>
              ))}
              <button
                type="button"
                className="pn-button pn-button--small"
                aria-label={t('unpin', { title })}
                onClick={() => onRelease(slug)}
              >
                {t('unpinShort')}
              </button>
            </PlacedRow>
          );
        })}
      </ol>
    </>
  );
}
