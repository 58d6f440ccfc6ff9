/**
 * Importing a file: the operator picks a CSV or JSON file and what happens to the partners
 * it does not name, then checks it (a dry run: partners added, changed, removed, and each
 * problem with its row and line, nothing written), then applies exactly the text that was
 * checked. Changing the file or the mode asks for a new check.
 */
import { useEffect, useId, useRef } from 'react';
import type { ImportReport, Scope } from '@partners-network/contract';
import { DEFAULT_LIST, formatRoute } from '../core/route';
import { t } from '../core/translate';
import { ViewHeading } from '../ui/ViewHeading';
import type { ViewContext } from './consoleViews';
import type { ImportFlow } from './useImportFlow';
import { useImportFlow } from './useImportFlow';

export interface ImportViewProps extends ViewContext {
  site: Scope;
}

export function ImportView({ site, client, navigate, notify }: ImportViewProps) {
  const flow = useImportFlow({ site, client, navigate, notify });
  return (
    <section className="pn-view">
      <ViewHeading title={t('viewImport')} />
      <p className="pn-hint">{t('importIntro')}</p>
      <ImportForm flow={flow} back={formatRoute({ view: 'partners', site, list: DEFAULT_LIST })} />
      {flow.report && flow.file ? (
        <ImportReportView
          report={flow.report}
          fileName={flow.file.name}
          applying={flow.busy === 'applying'}
          onApply={() => void flow.run('applying')}
        />
      ) : null}
    </section>
  );
}

/** The file, the mode, and the button that checks them. */
function ImportForm({ flow, back }: { flow: ImportFlow; back: string }) {
  const ids = { file: useId(), fileError: useId(), mode: useId() };
  const fileField = useRef<HTMLInputElement>(null);
  const { problem } = flow;
  return (
    <form
      className="pn-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void flow.run('checking').then((ran) => {
          if (!ran) fileField.current?.focus();
        });
      }}
    >
      <div className={`pn-field${problem ? ' pn-field--invalid' : ''}`}>
        <label htmlFor={ids.file}>{t('importFile')}</label>
        <p id={ids.fileError} className="pn-field-error" role="alert">
          {problem}
        </p>
        <input
          ref={fileField}
          id={ids.file}
          type="file"
          accept=".csv,.json,text/csv,application/json"
          aria-describedby={problem ? ids.fileError : undefined}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => void flow.choose(event.target.files?.[0])}
        />
      </div>
      <fieldset className="pn-choices">
        <legend>{t('importMode')}</legend>
        {(['upsert', 'replace'] as const).map((value) => (
          <div key={value} className="pn-choice">
            <input
              id={`${ids.mode}-${value}`}
              type="radio"
              name="mode"
              value={value}
              checked={flow.mode === value}
              onChange={() => flow.chooseMode(value)}
            />
            <label htmlFor={`${ids.mode}-${value}`}>
              {t(value === 'upsert' ? 'modeUpsert' : 'modeReplace')}
            </label>
          </div>
        ))}
      </fieldset>
      <div className="pn-form__actions">
        <button
          type="submit"
          className="pn-button pn-button--primary"
          disabled={flow.busy !== null}
        >
          {flow.busy === 'checking' ? t('checking') : t('checkFile')}
        </button>
        <a className="pn-button" href={back}>
          {t('backToPartners')}
        </a>
      </div>
    </form>
  );
}

interface ReportProps {
  report: ImportReport;
  fileName: string;
  applying: boolean;
  onApply(): void;
}

function SlugList({
  label,
  slugs,
  count,
}: {
  label: string;
  slugs: readonly string[];
  count: number;
}) {
  if (count === 0) return <li>{label}</li>;
  return (
    <li>
      <details className="pn-details">
        <summary>{label}</summary>
        <ul className="pn-slugs">
          {slugs.map((slug) => (
            <li key={slug}>{slug}</li>
          ))}
          {count > slugs.length ? (
            <li>{t('reportMore', { count: count - slugs.length })}</li>
          ) : null}
        </ul>
      </details>
    </li>
  );
}

function ImportReportView({ report, fileName, applying, onApply }: ReportProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const headingId = useId();
  // A new report is read from its heading, as a page of its own.
  useEffect(() => {
    heading.current?.focus();
  }, [report]);
  const changes = report.addedCount + report.changedCount + report.removedCount;
  return (
    <section className="pn-report" aria-labelledby={headingId}>
      <h2 id={headingId} ref={heading} tabIndex={-1}>
        {t('reportTitle', { file: fileName })}
      </h2>
      <ul className="pn-report__counts">
        <li>{t('reportRows', { count: report.rows })}</li>
        {report.problemCount === 0 ? (
          <>
            <SlugList
              label={t('reportAdded', { count: report.addedCount })}
              slugs={report.added}
              count={report.addedCount}
            />
            <SlugList
              label={t('reportChanged', { count: report.changedCount })}
              slugs={report.changed}
              count={report.changedCount}
            />
            <li>{t('reportUnchanged', { count: report.unchangedCount })}</li>
            {report.mode === 'replace' ? (
              <SlugList
                label={t('reportRemoved', { count: report.removedCount })}
                slugs={report.removed}
                count={report.removedCount}
              />
            ) : null}
          </>
        ) : null}
      </ul>
      {report.problemCount > 0 ? (
        <ProblemsTable report={report} fileName={fileName} />
      ) : changes === 0 ? (
        <p>{t('nothingToApply')}</p>
      ) : (
        <button
          type="button"
          className="pn-button pn-button--primary"
          disabled={applying}
          onClick={onApply}
        >
          {applying ? t('applying') : t('applyImport')}
        </button>
      )}
    </section>
  );
}

const PROBLEM_COLUMNS = ['columnRow', 'columnLine', 'columnField', 'columnProblem'] as const;

function ProblemsTable({ report, fileName }: { report: ImportReport; fileName: string }) {
  return (
    <>
      <p className="pn-report__problems">{t('reportProblems', { count: report.problemCount })}</p>
      <div className="pn-table-wrap">
        <table className="pn-table pn-table--problems" role="table">
          <caption>{t('problemsTable', { file: fileName })}</caption>
          <thead role="rowgroup">
            <tr role="row">
              {PROBLEM_COLUMNS.map((column) => (
                <th key={column} role="columnheader" scope="col">
                  {t(column)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody role="rowgroup">
            {report.problems.map((problem, index) => (
              <tr role="row" key={index}>
                {[
                  problem.row ?? t('wholeFile'),
                  problem.line ?? '',
                  problem.field,
                  problem.message,
                ].map((value, column) => (
                  <td
                    key={column}
                    role="cell"
                    data-label={t(PROBLEM_COLUMNS[column] ?? 'columnProblem')}
                  >
                    {value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
