/**
 * An import's steps, apart from how they are shown: the file chosen (read as text once), the
 * mode, the dry run's report, then applying exactly the text that was checked. Choosing
 * another file or mode drops the report: it no longer says what would happen.
 */
import { useState } from 'react';
import type { ImportReport, Scope } from '@partners-network/contract';
import { AdminApiError } from '../core/createAdminClient';
import type { FileFormat, ImportMode } from '../core/createAdminClient';
import { DEFAULT_LIST } from '../core/route';
import { t } from '../core/translate';
import { describeError } from '../ui/LoadError';
import type { ViewContext } from './consoleViews';

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

export function useImportFlow({ site, client, navigate, notify }: ViewContext & { site: Scope }) {
  const [file, setFile] = useState<ChosenFile | null>(null);
  const [mode, setMode] = useState<ImportMode>('upsert');
  const [report, setReport] = useState<ImportReport | null>(null);
  const [busy, setBusy] = useState<'checking' | 'applying' | null>(null);
  const [problem, setProblem] = useState('');

  async function choose(chosen: File | undefined) {
    setReport(null);
    setProblem('');
    const format = chosen ? formatOf(chosen.name) : undefined;
    if (chosen && !format) setProblem(t('fileNotCsvOrJson'));
    setFile(chosen && format ? { name: chosen.name, text: await chosen.text(), format } : null);
  }

  function chooseMode(value: ImportMode) {
    setMode(value);
    setReport(null);
  }

  async function apply(chosen: ChosenFile) {
    const summary = await client.applyImport(site, chosen.text, chosen.format, mode);
    notify(
      t('imported', {
        file: chosen.name,
        created: summary.partnersCreated,
        updated: summary.partnersUpdated,
        deleted: summary.partnersDeleted ?? 0,
      }),
    );
    navigate({ view: 'partners', site, list: DEFAULT_LIST });
  }

  /** Checks or applies the chosen file; false when there is none to use. */
  async function run(step: 'checking' | 'applying'): Promise<boolean> {
    if (!file) {
      setProblem(t('chooseFile'));
      return false;
    }
    setBusy(step);
    setProblem('');
    try {
      if (step === 'applying') {
        await apply(file);
        return true;
      }
      setReport(await client.checkImport(site, file.text, file.format, mode));
    } catch (error) {
      if (!(error instanceof AdminApiError && error.status === 401)) {
        const refused = error instanceof AdminApiError && error.status === 400;
        setProblem(refused ? error.message : describeError(error));
      }
    }
    setBusy(null);
    return true;
  }

  return { file, mode, report, busy, problem, choose, chooseMode, run };
}

export type ImportFlow = ReturnType<typeof useImportFlow>;
