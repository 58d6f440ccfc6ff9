/** Finnish (Finland). Message ids and placeholders as in en-US.ts. */
import type { Catalogue } from './en-US';

const fiFI: Catalogue = {
  heading: 'Kumppaniverkosto',
  searchForm: 'Suositellut kumppanit',
  searchField: 'Hae kumppaneita',
  searchPlaceholder: 'Hae kumppaneita',
  clearSearch: 'Tyhjennä haku',
  searchButton: 'Hae',
  searchInvalid:
    "Haussa sallitaan vain merkit A-Z a-z À-ÿ 0-9 sekä erikoismerkit - _ '. Anna kelvollinen hakusana.",
  backLink: 'Takaisin etusivulle',
  searchFilters: 'Hakusuodattimet',
  partnerType: 'Kumppanityyppi',
  viewMore: 'Näytä lisää',
  viewLess: 'Näytä vähemmän',
  viewMoreGroup: 'Näytä lisää: {group}',
  viewLessGroup: 'Näytä vähemmän: {group}',
  selectedFilters: 'Valitut suodattimet',
  removeFilter: 'Poista {name}',
  addFilter: 'Lisää suodatin',
  addFilterByName: 'Lisää suodatin nimen perusteella',
  results: 'Hakutulokset',
  partners: 'Kumppanit',
  categories: 'Luokat',
  count: 'Näytetään {loaded} / {total} kumppanista',
  added: { one: 'Lisättiin {count} kumppani.', other: 'Lisättiin {count} kumppania.' },
  appliedFilters: 'Suodattimet: {filters}.',
  noFilters: 'Ei suodattimia.',
  appliedText: 'Hakusana: {text}.',
  listSeparator: ', ',
  afterCount: '. {details}',
  noneFound: 'Kumppaneita ei löytynyt.',
  noResultsTitle: 'Kumppaneita ei löytynyt',
  noResultsText: 'Tuloksia ei löytynyt. Kokeile muita hakusanoja tai poista hakusuodattimia.',
  resetAll: 'TYHJENNÄ KAIKKI',
  errorTitle: 'Jotain meni vikaan.',
  errorText: 'Pahoittelemme, korjaamme ongelmaa parhaillaan. Yritä myöhemmin uudelleen.',
  goHome: 'Siirry etusivulle',
  loadMore: 'Lataa lisää kumppaneita',
  choiceCount: '{count}',
  partnerCount: { one: '{count} kumppani', other: '{count} kumppania' },
  waysOut: 'Kokeile askel taaksepäin:',
  wayOutItem: {
    one: 'Poista ”{name}” ({count} kumppani)',
    other: 'Poista ”{name}” ({count} kumppania)',
  },
  wayOutWord: {
    one: 'Poista sana ”{name}” ({count} kumppani)',
    other: 'Poista sana ”{name}” ({count} kumppania)',
  },
  wayOutText: {
    one: 'Tyhjennä hakuteksti ({count} kumppani)',
    other: 'Tyhjennä hakuteksti ({count} kumppania)',
  },
};

export default fiFI;
