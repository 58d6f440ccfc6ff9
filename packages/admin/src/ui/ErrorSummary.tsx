/**
 * What keeps a form from being saved, listed above it: focused when it appears, each
 * problem a link that takes the focus to its field (a link that does not change the address:
 * the address is the console's route).
 */
import type { Ref } from 'react';
import type { DraftProblem } from '../core/partnerDraft';
import { t } from '../core/translate';

export interface ErrorSummaryProps {
  ref: Ref<HTMLDivElement>;
  problems: readonly DraftProblem[];
  /** The id of the field a problem is about; undefined: the problem has no field to go to. */
  targetOf(field: string): string | undefined;
}

export function ErrorSummary({ ref, problems, targetOf }: ErrorSummaryProps) {
  return (
    <div ref={ref} tabIndex={-1} className="pn-error-summary" hidden={problems.length === 0}>
      {problems.length > 0 ? (
        <>
          <h2>{t('errorSummaryTitle', { count: problems.length })}</h2>
          <ul>
            {problems.map((problem) => {
              const target = targetOf(problem.field);
              return (
                <li key={`${problem.field}:${problem.message}`}>
                  {target ? (
                    <a
                      href={`#${target}`}
                      onClick={(event) => {
                        event.preventDefault();
                        document.getElementById(target)?.focus();
                      }}
                    >
                      {problem.message}
                    </a>
                  ) : (
                    problem.message
                  )}
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </div>
  );
}
