export type { AppDeps } from './app';
export { buildApp } from './app';
export { SERVER_NODE_FLAGS } from './serverNodeFlags';
export { LOOPBACK_WARM_UP_SEARCHES, warmUpServer } from './warmUpServer';
export { collectGarbage } from './collectGarbage';
export type { PartnersApiOptions } from './partnersApi';
export { partnersApi } from './partnersApi';
export { SEARCH_BODY_LIMIT } from './routes/search';
export { LOGOS_PATH, renderLogo } from './logos/renderLogo';
export type { ShutdownOptions, ShutdownState } from './http/drain';
export { DEFAULT_SHUTDOWN_DRAIN_MS, onShutdownSignals } from './http/drain';
export type { ContentSecurityPolicyDirectives } from './http/securityHeaders';
export { API_CONTENT_SECURITY_POLICY } from './http/securityHeaders';
export { REQUEST_ID_HEADER } from './http/requestIds';
export type { AnswerEncoding } from './http/compression';
export { compressAnswer } from './http/compression';
export { AppMetrics } from './metrics/AppMetrics';
export type {
  CacheFigures,
  MetricsSource,
  OperationalFigures,
  SiteFigures,
} from './metrics/OperationalFigures';
export type { RateLimitSettings } from './http/rateLimit';
export type { OperationSettings } from './readOperationSettings';
export { readOperationSettings } from './readOperationSettings';
export type { XsrfToken } from './http/createXsrfToken';
export { createXsrfToken } from './http/createXsrfToken';
export { hasValidXsrfToken } from './http/hasValidXsrfToken';
export type {
  ImportOptions,
  ImportPhase,
  ImportSummary,
  KeptSearch,
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
export type {
  PostgresStoreOptions,
  SqliteStoreOptions,
  StoreEnvironment,
} from './service/openStore';
export { describeStore, openPostgresStore, openSqliteStore, openStore } from './service/openStore';
export { openContactOutbox } from './contact/openContactOutbox';
export type { ContactServiceOptions, PartnerDirectory } from './contact/ContactService';
export { ContactService } from './contact/ContactService';
export type { ContactSettings } from './contact/ContactSettings';
export { readContactSettings } from './readContactSettings';
export type { ContactOutbox, ContactRequestRecord } from './store/ContactOutbox';
export type { ServiceState } from './service/SearchService';
export { SearchService } from './service/SearchService';
export type { PartnerSource, StoredSite } from './store/PartnerSource';
export type { BuiltSite } from './site/buildSite';
export { buildSite } from './site/buildSite';
export { CacheKind } from './cache/KeptCache';
export { SourceUnavailableError, readWholeSite } from './store/PartnerSource';
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
export { seedIfEmpty } from './service/seedIfEmpty';
export type { IndexQuery, IndexedDocument } from './search/SiteIndex';
export { SiteIndex, SiteIndexBuilder } from './search/SiteIndex';
export { SiteAnswers } from './answer/SiteAnswers';
export type { AnswerCaches } from './answer/AnswerCaches';
export { answerCaches } from './answer/AnswerCaches';
export { searchTerms } from './search/searchTerms';
export { parseAdminTokens } from './http/checkBearerToken';
export type {
  GeoPoint,
  NearestOptions,
  NearestPartners,
  PartnerLocations,
  SiteLocation,
} from './search/PartnerLocations';
export { SiteLocations, SiteLocationsBuilder } from './search/PartnerLocations';
export { haversineKm } from './search/haversine';
export type { GazetteerCity } from './geo/Gazetteer';
export { Gazetteer } from './geo/Gazetteer';
export { gazetteer, loadGazetteer } from './geo/loadGazetteer';
export { cityKeyOf, placeKey } from './geo/placeKey';
export { suggestPlaces } from './geo/suggestPlaces';
export { SEED_CITIES } from './seed/seedCities';
export { Bitset } from './search/Bitset';
export type { StatsSettings } from './readOperationSettings';
export type { FlushFailedListener, SearchStatsOptions } from './stats/SearchStats';
export { DEFAULT_STATS_FLUSH_MS, SearchStats } from './stats/SearchStats';
export type { AnswerPage } from './stats/answerId';
export { decodeAnswerId } from './stats/answerId';
export type { StatsStore, StoredInsights } from './store/StatsStore';
export { openStatsStore } from './service/openStatsStore';
export { openStats as openSqliteStats } from './store/sqlite/openStats';
export { openStats as openPostgresStats } from './store/postgres/openStats';
