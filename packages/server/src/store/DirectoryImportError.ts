export interface ImportIssue {
  /** Where in the DirectoryData, e.g. ['sites', 0, 'partners', 12, 'globalFilters']. */
  path: (string | number)[];
  message: string;
}

/** Thrown by PartnerStore.importDirectory when anything is wrong; nothing was written. */
export class DirectoryImportError extends Error {
  readonly issues: ImportIssue[];

  constructor(issues: ImportIssue[]) {
    super(`import refused: ${issues.length} problem(s), nothing changed`);
    this.name = 'DirectoryImportError';
    this.issues = issues;
  }
}
