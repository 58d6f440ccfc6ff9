/** Hungarian (Hungary). Message ids and placeholders as in en-US.ts. */
import type { Catalogue } from './en-US';

const huHU: Catalogue = {
  heading: 'Partnerhálózat',
  searchForm: 'Kiemelt partnerek',
  searchField: 'Partnerek keresése',
  searchPlaceholder: 'Partnerek keresése',
  clearSearch: 'Keresés törlése',
  searchButton: 'Keresés',
  searchInvalid:
    "A keresésben csak A-Z a-z À-ÿ 0-9, valamint a - _ ' különleges karakterek használhatók. Kérjük, adjon meg érvényes keresőkifejezést.",
  backLink: 'Vissza a kezdőlapra',
  searchFilters: 'Keresési szűrők',
  partnerType: 'Partnertípus',
  viewMore: 'Több megjelenítése',
  viewLess: 'Kevesebb megjelenítése',
  viewMoreGroup: 'Több megjelenítése: {group}',
  viewLessGroup: 'Kevesebb megjelenítése: {group}',
  selectedFilters: 'Kiválasztott szűrők',
  removeFilter: '{name} eltávolítása',
  addFilter: 'Szűrő hozzáadása',
  addFilterByName: 'Szűrő hozzáadása név alapján',
  results: 'Találatok',
  partners: 'Partnerek',
  categories: 'Kategóriák',
  count: '{total} partnerből {loaded} látható',
  added: '{count} további partner betöltve.',
  appliedFilters: 'Szűrők: {filters}.',
  noFilters: 'Nincs szűrő.',
  appliedText: 'Keresett szöveg: {text}.',
  listSeparator: ', ',
  afterCount: '. {details}',
  noneFound: 'Nem található partner.',
  noResultsTitle: 'Nem található partner',
  noResultsText:
    'Nincs találat. Próbáljon más kulcsszavakat, vagy távolítson el keresési szűrőket.',
  resetAll: 'MINDEN VISSZAÁLLÍTÁSA',
  errorTitle: 'Hiba történt.',
  errorText: 'Elnézést kérünk, már dolgozunk a hiba elhárításán. Kérjük, próbálja újra később.',
  goHome: 'Ugrás a kezdőlapra',
  loadMore: 'További partnerek betöltése',
};

export default huHU;
