/**
 * The console's en-US catalogue: every text it shows or announces, by message id. The
 * source of the message ids (`MessageId`); a language is one more file of the same shape.
 * `{name}` is a placeholder; a message with `one`/`other` forms takes a count.
 */
const enUS = {
  appName: 'Partners Network console',
  skipToContent: 'Skip to content',
  pageTitle: '{view} · Partners Network console',

  signInTitle: 'Sign in to the console',
  signInIntro:
    'Paste an admin token: one of the tokens in ADMIN_TOKEN on the server. It stays in this tab only, and is forgotten when you sign out or close the tab.',
  tokenLabel: 'Admin token',
  signIn: 'Sign in',
  signingIn: 'Signing in…',
  tokenRequired: 'Paste an admin token.',
  tokenRefused: 'This token was refused. Check it and try again.',
  sessionEnded: 'The server no longer accepts your token. Sign in again.',
  signOut: 'Sign out',
  signedOut: 'You signed out; the token is forgotten.',

  mainNavigation: 'Console',
  site: 'Site',
  openSite: 'Open',
  siteName: '{companyId} / {scopeGroupId}',
  siteOption: {
    one: '{companyId} / {scopeGroupId} ({count} partner)',
    other: '{companyId} / {scopeGroupId} ({count} partners)',
  },
  noSites: 'This server holds no site yet. Import a directory file with the import command.',
  unknownSite: 'This server holds no site {site}.',

  viewPartners: 'Partners',
  viewImport: 'Import',
  viewNewPartner: 'New partner',
  viewEditPartner: 'Edit {title}',

  loading: 'Loading…',
  loadFailed: 'The server could not answer: {reason}',
  retry: 'Try again',
  serverAway: 'The partner database is not available. Try again in a moment.',

  searchPartners: 'Search partners',
  searchPartnersHint: 'Words of a title (any language) or of a slug',
  search: 'Search',
  partnersTable: 'Partners of {site}',
  partnersFound: {
    one: '{count} partner',
    other: '{count} partners',
  },
  partnersFoundFor: {
    one: '{count} partner found for “{query}”',
    other: '{count} partners found for “{query}”',
  },
  noPartnersFound: 'No partner matches “{query}”.',
  noPartners: 'This site has no partner yet.',
  columnTitle: 'Title',
  columnGlobalFilters: 'Global filters',
  columnPosition: 'Position',
  columnActions: 'Actions',
  sortBy: 'Sort by {column}',
  sortedAscending: 'sorted ascending',
  sortedDescending: 'sorted descending',
  editPartner: 'Edit {title}',
  deletePartner: 'Delete {title}',
  delete: 'Delete',
  pagination: 'Pages',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pageOf: 'Page {page} of {pages}',
  newPartner: 'New partner',
  exportCsv: 'Export CSV',
  exportJson: 'Export JSON',
  exported: 'Downloaded {file}.',
  importPartners: 'Import a file',

  confirmDeleteTitle: 'Delete {title}?',
  confirmDeleteText:
    'The partner leaves the public page at once. Its data is not kept: export the site first to keep a copy.',
  cancel: 'Cancel',
  deleted: 'Deleted {title}.',

  formIntro: 'Fields marked “required” must be filled in. Texts in other languages are optional.',
  required: 'required',
  optional: 'optional',
  fieldSlug: 'Slug',
  fieldSlugHint:
    'Lowercase letters, digits and single hyphens, unique in the site. It cannot change later.',
  fieldTitle: 'Title',
  fieldSummary: 'Summary',
  fieldUrl: 'Partner page address',
  fieldUrlHint: 'A path on this site (/partners/…) or an http(s) address.',
  fieldImageUrl: 'Logo address',
  fieldImageUrlHint: 'Empty: a logo made from the name.',
  fieldPosition: 'Editorial position',
  fieldPositionHint:
    'Lower comes first in the public page when there is no search text. Empty: kept, or last for a new partner.',
  positionNotNumber: 'position must be a whole number',
  fieldGlobalFilters: 'Global filters',
  fieldFilterItems: 'Filter items',
  findFilterItem: 'Find a filter item by name',
  filterItemsShown: {
    one: '{count} filter item shown',
    other: '{count} filter items shown',
  },
  noFilterItemFound: 'No filter item is named like “{query}”.',
  itemsChosen: {
    one: '{count} chosen',
    other: '{count} chosen',
  },
  inLocale: '{field} in {language}',
  otherLanguages: {
    one: 'Texts in {count} other language',
    other: 'Texts in {count} other languages',
  },
  save: 'Save',
  saving: 'Saving…',
  saved: 'Saved {title}.',
  created: 'Created {title}.',
  errorSummaryTitle: {
    one: 'There is {count} problem',
    other: 'There are {count} problems',
  },
  serverRefused: 'The server refused the partner: {reason}',
  partnerNotFound: 'This site has no partner {slug}. It may have been deleted.',
  backToPartners: 'Back to partners',

  importIntro:
    'Upload a CSV or JSON file in the import format. First the file is checked and you see what it would change; nothing is written until you apply it.',
  importFile: 'Import file (CSV or JSON)',
  importMode: 'Partners the file does not name',
  modeUpsert: 'Keep them (add and update only)',
  modeReplace: 'Remove them (the file is the whole site)',
  checkFile: 'Check the file',
  checking: 'Checking…',
  chooseFile: 'Choose a file first.',
  fileNotCsvOrJson: 'Choose a .csv or .json file.',
  reportTitle: 'What importing {file} would do',
  reportRows: {
    one: '{count} row read',
    other: '{count} rows read',
  },
  reportAdded: {
    one: '{count} partner added',
    other: '{count} partners added',
  },
  reportChanged: {
    one: '{count} partner changed',
    other: '{count} partners changed',
  },
  reportUnchanged: {
    one: '{count} partner unchanged',
    other: '{count} partners unchanged',
  },
  reportRemoved: {
    one: '{count} partner removed',
    other: '{count} partners removed',
  },
  reportMore: { one: 'and {count} more', other: 'and {count} more' },
  reportProblems: {
    one: '{count} problem: nothing can be imported until it is fixed',
    other: '{count} problems: nothing can be imported until they are fixed',
  },
  problemsTable: 'Problems in {file}',
  columnRow: 'Row',
  columnLine: 'Line',
  columnField: 'Field',
  columnProblem: 'Problem',
  wholeFile: 'whole file',
  applyImport: 'Apply the import',
  applying: 'Importing…',
  imported: 'Imported {file}: {created} added, {updated} updated, {deleted} removed.',
  nothingToApply: 'The file changes nothing.',
} as const;

export type Plural = { readonly one: string; readonly other: string };
export type Message = string | Plural;
export type MessageId = keyof typeof enUS;
export type Catalogue = Readonly<Record<MessageId, Message>>;

export const EN_US: Catalogue = enUS;
