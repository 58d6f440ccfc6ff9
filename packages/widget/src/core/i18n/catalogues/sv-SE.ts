/** Swedish (Sweden). Message ids and placeholders as in en-US.ts. */
import type { Catalogue } from './en-US';

const svSE: Catalogue = {
  heading: 'Partnernätverk',
  searchForm: 'Föredragna partner',
  searchField: 'Sök partner',
  searchPlaceholder: 'Sök partner',
  clearSearch: 'Rensa sökningen',
  searchButton: 'Sök',
  searchInvalid:
    "Sökningen tillåter bara A-Z a-z À-ÿ 0-9 och specialtecknen - _ '. Ange ett giltigt sökvärde.",
  backLink: 'Tillbaka till startsidan',
  searchFilters: 'Sökfilter',
  partnerType: 'Partnertyp',
  viewMore: 'Visa fler',
  viewLess: 'Visa färre',
  viewMoreGroup: 'Visa fler: {group}',
  viewLessGroup: 'Visa färre: {group}',
  selectedFilters: 'Valda filter',
  removeFilter: 'Ta bort {name}',
  addFilter: 'Lägg till ett filter',
  addFilterByName: 'Lägg till ett filter efter namn',
  results: 'Sökresultat',
  partners: 'Partnerlista',
  categories: 'Kategorier',
  count: 'Visar {loaded} av {total} partner',
  added: 'Ytterligare {count} partner har lagts till.',
  appliedFilters: 'Filter: {filters}.',
  noFilters: 'Inga filter.',
  appliedText: 'Söktext: {text}.',
  listSeparator: ', ',
  afterCount: '. {details}',
  noneFound: 'Inga partner hittades.',
  noResultsTitle: 'Inga partner hittades',
  noResultsText: 'Inga resultat hittades. Prova andra sökord eller ta bort sökfilter.',
  resetAll: 'ÅTERSTÄLL ALLT',
  errorTitle: 'Något gick fel.',
  errorText: 'Vi ber om ursäkt och arbetar på att lösa problemet. Försök igen senare.',
  goHome: 'Gå till startsidan',
  loadMore: 'Läs in fler partner',
};

export default svSE;
