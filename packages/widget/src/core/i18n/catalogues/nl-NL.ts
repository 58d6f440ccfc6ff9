/** Dutch (Netherlands). Message ids and placeholders as in en-US.ts. */
import type { Catalogue } from './en-US';

const nlNL: Catalogue = {
  heading: 'Partnernetwerk',
  searchForm: 'Voorkeurspartners',
  searchField: 'Partners zoeken',
  searchPlaceholder: 'Partners zoeken',
  clearSearch: 'Zoekopdracht wissen',
  searchButton: 'Zoeken',
  searchInvalid:
    "De zoekopdracht staat alleen A-Z a-z À-ÿ 0-9 en de speciale tekens - _ ' toe. Voer een geldige zoekterm in.",
  backLink: 'Terug naar de startpagina',
  searchFilters: 'Zoekfilters',
  partnerType: 'Partnertype',
  viewMore: 'Meer weergeven',
  viewLess: 'Minder weergeven',
  viewMoreGroup: 'Meer weergeven: {group}',
  viewLessGroup: 'Minder weergeven: {group}',
  selectedFilters: 'Geselecteerde filters',
  removeFilter: '{name} verwijderen',
  addFilter: 'Filter toevoegen',
  addFilterByName: 'Filter toevoegen op naam',
  results: 'Zoekresultaten',
  partners: 'Partnerlijst',
  categories: 'Categorieën',
  count: {
    one: '{loaded} van {total} partner weergegeven',
    other: '{loaded} van {total} partners weergegeven',
  },
  added: { one: '{count} extra partner toegevoegd.', other: '{count} extra partners toegevoegd.' },
  appliedFilters: 'Filters: {filters}.',
  noFilters: 'Geen filters.',
  appliedText: 'Zoektekst: {text}.',
  listSeparator: ', ',
  afterCount: '. {details}',
  noneFound: 'Geen partners gevonden.',
  noResultsTitle: 'Geen partners gevonden',
  noResultsText: 'Geen resultaten gevonden. Probeer andere zoekwoorden of verwijder zoekfilters.',
  resetAll: 'ALLES WISSEN',
  errorTitle: 'Er is iets misgegaan.',
  errorText: 'Onze excuses, we werken aan een oplossing. Probeer het later opnieuw.',
  goHome: 'Naar de startpagina',
  loadMore: 'Meer partners laden',
  choiceCount: '{count}',
  partnerCount: { one: '{count} partner', other: '{count} partners' },
  waysOut: 'Probeer een stap terug:',
  wayOutItem: {
    one: 'Zonder ‘{name}’ ({count} partner)',
    other: 'Zonder ‘{name}’ ({count} partners)',
  },
  wayOutWord: {
    one: 'Zonder het woord ‘{name}’ ({count} partner)',
    other: 'Zonder het woord ‘{name}’ ({count} partners)',
  },
  wayOutText: {
    one: 'Zonder zoektekst ({count} partner)',
    other: 'Zonder zoektekst ({count} partners)',
  },
  contact: 'Contact opnemen',
  near: 'In de buurt van',
  useMyLocation: 'Mijn locatie gebruiken',
  wayOutRadius: {
    one: 'Binnen {radius}: {count} partner',
    other: 'Binnen {radius}: {count} partners',
  },
};

export default nlNL;
