/** Catalan (Spain). Message ids and placeholders as in en-US.ts. */
import type { Catalogue } from './en-US';

const caES: Catalogue = {
  heading: 'Xarxa de socis',
  searchForm: 'Socis preferents',
  searchField: 'Cerca socis',
  searchPlaceholder: 'Cerca socis',
  clearSearch: 'Esborra la cerca',
  searchButton: 'Cerca',
  searchInvalid:
    "La cerca només admet A-Z a-z À-ÿ 0-9 i els caràcters especials - _ '. Introduïu un valor vàlid a la cerca.",
  backLink: 'Torna a la pàgina d’inici',
  searchFilters: 'Filtres de cerca',
  partnerType: 'Tipus de soci',
  viewMore: 'Mostra’n més',
  viewLess: 'Mostra’n menys',
  viewMoreGroup: 'Mostra’n més: {group}',
  viewLessGroup: 'Mostra’n menys: {group}',
  selectedFilters: 'Filtres seleccionats',
  removeFilter: 'Treu {name}',
  addFilter: 'Afegeix un filtre',
  addFilterByName: 'Afegeix un filtre pel nom',
  results: 'Resultats de la cerca',
  partners: 'Socis',
  categories: 'Categories',
  count: 'Socis mostrats: {loaded} de {total}',
  added: { one: 'S’ha afegit {count} soci més.', other: 'S’han afegit {count} socis més.' },
  appliedFilters: 'Filtres: {filters}.',
  noFilters: 'Sense filtres.',
  appliedText: 'Text de cerca: {text}.',
  listSeparator: ', ',
  afterCount: '. {details}',
  noneFound: 'No s’ha trobat cap soci.',
  noResultsTitle: 'No s’ha trobat cap soci',
  noResultsText:
    'No s’ha trobat cap resultat. Proveu altres paraules clau o traieu filtres de cerca.',
  resetAll: 'RESTABLEIX-HO TOT',
  errorTitle: 'Alguna cosa ha anat malament.',
  errorText: 'Us demanem disculpes; estem solucionant el problema. Torneu-ho a provar més tard.',
  goHome: 'Ves a la pàgina d’inici',
  loadMore: 'Carrega més socis',
  choiceCount: '{count}',
  partnerCount: { one: '{count} soci', other: '{count} socis' },
  waysOut: 'Proveu de fer un pas enrere:',
  wayOutItem: { one: 'Sense «{name}» ({count} soci)', other: 'Sense «{name}» ({count} socis)' },
  wayOutWord: {
    one: 'Sense la paraula «{name}» ({count} soci)',
    other: 'Sense la paraula «{name}» ({count} socis)',
  },
  wayOutText: {
    one: 'Sense el text de cerca ({count} soci)',
    other: 'Sense el text de cerca ({count} socis)',
  },
  contact: 'Contacta',
  near: 'A prop de',
  useMyLocation: 'Utilitza la meva ubicació',
  wayOutRadius: {
    one: 'A menys de {radius}: {count} soci',
    other: 'A menys de {radius}: {count} socis',
  },
};

export default caES;
