export type { AppDeps } from './app';
export { buildApp } from './app';
export type { PartnersApiOptions } from './partnersApi';
export { partnersApi } from './partnersApi';
export { SEARCH_BODY_LIMIT } from './routes/search';
export { LOGOS_PATH, renderLogo } from './routes/logos';
export type { XsrfToken } from './http/createXsrfToken';
export { createXsrfToken } from './http/createXsrfToken';
export { readCookie } from './http/readCookie';
export { hasValidXsrfToken } from './http/hasValidXsrfToken';
export type {
  ImportOptions,
  ImportPhase,
  ImportSummary,
  PartnerStore,
  StoreSearchResult,
} from './store/PartnerStore';
export type {
  DirectoryData,
  FilterGroupData,
  FilterItemData,
  GlobalFilterData,
  LocalizedText,
  PartnerData,
  SiteData,
} from './store/DirectoryData';
export { DEFAULT_LOCALE, directoryDataSchema } from './store/DirectoryData';
export type { ImportIssue } from './store/DirectoryImportError';
export { DirectoryImportError } from './store/DirectoryImportError';
export type { SqliteStoreOptions } from './store/sqlite/SqliteStore';
export { SqliteStore, openSqliteStore } from './store/sqlite/SqliteStore';
export type { GenerateDirectoryOptions } from './seed/generateDirectory';
export {
  DEFAULT_PARTNER_COUNT,
  SEED_COMPANY_ID,
  SEED_DEFAULT_GLOBAL_FILTER,
  SEED_SCOPE_GROUP_ID,
  SEED_SECOND_SCOPE_GROUP_ID,
  generateDirectory,
  slugify,
} from './seed/generateDirectory';
export { seedIfEmpty } from './seed/seedIfEmpty';
export type { IndexQuery, IndexedDocument } from './search/SiteIndex';
export { SiteIndex, SiteIndexBuilder } from './search/SiteIndex';
export type { AnswerDescription, AnswerToDescribe } from './search/describeAnswer';
export { describeAnswer } from './search/describeAnswer';
export { searchTerms } from './search/searchTerms';
