/**
 * Importing a file: the operator picks a CSV or JSON file and what happens to the partners
 * it does not name, then checks it (a dry run: partners added, changed, removed, and each
 * problem with its row and line, nothing written), then applies exactly the text that was
 * checked. Changing the file or the mode asks for a new check.
 */
import type { ChangeEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import type { ImportReport, Scope } from '@partners-network/contract';
import { AdminApiError } from '../core/createAdminClient';
import type { FileFormat, ImportMode } from '../core/createAdminClient';
import { DEFAULT_LIST, formatRoute } from '../core/route';
import { t } from '../core/translate';
import { describeError } from '../ui/LoadError';
import { ViewHeading } from '../ui/ViewHeading';
import type { ViewContext } from './consoleViews';

export interface ImportViewProps extends ViewContext {
  site: Scope;
}

interface ChosenFile {
  name: string;
  text: string;
  format: FileFormat;
}

function formatOf(name: string): FileFormat | undefined {
  const lower = name.toLowerCase();
  if (lower.endsWith('.csv')) return 'csv';
  if (lower.endsWith('.json')) return 'json';
  return undefined;
}

export function ImportView({ site, client, navigate, notify }: ImportViewProps) {
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [mode, setMode] = useState<ImportMode>('upsert');
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState<'checking' | 'applying' | null>(null);
  const [problem, setProblem] = useState('');
  const ids = { file: useId(), fileError: useId(), mode: useId() };
  const fileField = useRef<HTMLInputElement>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    setReport(null);
    setProblem('');
    const chosen = event.target.files?.[0];
    if (!chosen) {
      setFile(null);
      return;
    }
    const format = formatOf(chosen.name);
    if (!format) {
      setFile(null);
      setProblem(t('fileNotCsvOrJson'));
      return;
    }
    setFile({ name: chosen.name, text: await chosen.text(), format });
  }

  async function run(step: 'checking' | 'applying') {
    if (!file) {
      setProblem(t('chooseFile'));
      fileField.current?.focus();
      return;
    }
    setBusy(step);
    setProblem('');
    try {
      if (step === 'checking') {
        setReport(await client.checkImport(site, file.text, file.format, mode));
      } else {
        const summary = await client.applyImport(site, file.text, file.format, mode);
        notify(
          t('imported', {
            file: file.name,
            created: summary.partnersCreated,
            updated: summary.partnersUpdated,
            deleted: summary.partnersDeleted ?? 0,
          }),
        );
        navigate({ view: 'partners', site, list: DEFAULT_LIST });
        return;
      }
    } catch (error) {
      if (!(error instanceof AdminApiError && error.status === 401)) {
        setProblem(
          error instanceof AdminApiError && error.status === 400
            ? error.message
            : describeError(error),
        );
      }
    }
    setBusy(null);
  }

  return (
    <section className="pn-view">
      <ViewHeading title={t('viewImport')} />
      <p className="pn-hint">{t('importIntro')}</p>
      <form
        className="pn-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void run('checking');
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
            onChange={(event) => void choose(event)}
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
                checked={mode === value}
                onChange={() => {
                  setMode(value);
                  setReport(null);
                }}
              />
              <label htmlFor={`${ids.mode}-${value}`}>
                {t(value === 'upsert' ? 'modeUpsert' : 'modeReplace')}
              </label>
            </div>
          ))}
        </fieldset>
        <div className="pn-form__actions">
          <button type="submit" className="pn-button pn-button--primary" disabled={busy !== null}>
            {busy === 'checking' ? t('checking') : t('checkFile')}
          </button>
          <a
            className="pn-button"
            href={formatRoute({ view: 'partners', site, list: DEFAULT_LIST })}
          >
            {t('backToPartners')}
          </a>
        </div>
      </form>
      {report && file ? (
        <ImportReportView
          report={report}
          fileName={file.name}
          applying={busy === 'applying'}
          onApply={() => void run('applying')}
        />
      ) : null}
    </section>
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
