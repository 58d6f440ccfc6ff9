/** German (Germany). Message ids and placeholders as in en-US.ts. */
import type { Catalogue } from './en-US';

const deDE: Catalogue = {
  heading: 'Partnernetzwerk',
  searchForm: 'Bevorzugte Partner',
  searchField: 'Partner suchen',
  searchPlaceholder: 'Partner suchen',
  clearSearch: 'Suche löschen',
  searchButton: 'Suchen',
  searchInvalid:
    "Die Suche erlaubt nur A-Z a-z À-ÿ 0-9 und die Sonderzeichen - _ '. Bitte geben Sie einen gültigen Suchbegriff ein.",
  backLink: 'Zurück zur Startseite',
  searchFilters: 'Suchfilter',
  partnerType: 'Partnertyp',
  viewMore: 'Mehr anzeigen',
  viewLess: 'Weniger anzeigen',
  viewMoreGroup: 'Mehr anzeigen: {group}',
  viewLessGroup: 'Weniger anzeigen: {group}',
  selectedFilters: 'Ausgewählte Filter',
  removeFilter: '{name} entfernen',
  addFilter: 'Filter hinzufügen',
  addFilterByName: 'Filter nach Namen hinzufügen',
  results: 'Suchergebnisse',
  partners: 'Partnerliste',
  categories: 'Kategorien',
  count: {
    one: 'Angezeigt: {loaded} von {total} Partner',
    other: 'Angezeigt: {loaded} von {total} Partnern',
  },
  added: {
    one: '{count} weiterer Partner hinzugefügt.',
    other: '{count} weitere Partner hinzugefügt.',
  },
  appliedFilters: 'Filter: {filters}.',
  noFilters: 'Keine Filter.',
  appliedText: 'Suchtext: {text}.',
  listSeparator: ', ',
  afterCount: '. {details}',
  noneFound: 'Keine Partner gefunden.',
  noResultsTitle: 'Keine Partner gefunden',
  noResultsText:
    'Keine Ergebnisse gefunden. Versuchen Sie andere Suchbegriffe oder entfernen Sie Suchfilter.',
  resetAll: 'ALLES ZURÜCKSETZEN',
  errorTitle: 'Etwas ist schiefgelaufen.',
  errorText:
    'Wir bitten um Entschuldigung und beheben das Problem. Bitte versuchen Sie es später erneut.',
  goHome: 'Zur Startseite',
  loadMore: 'Weitere Partner laden',
  choiceCount: '{count}',
  partnerCount: '{count} Partner',
  waysOut: 'Gehen Sie einen Schritt zurück:',
  wayOutItem: 'Ohne „{name}“ ({count} Partner)',
  wayOutWord: 'Ohne das Wort „{name}“ ({count} Partner)',
  wayOutText: 'Ohne Suchtext ({count} Partner)',
  contact: 'Kontakt aufnehmen',
  near: 'In der Nähe von',
  useMyLocation: 'Meinen Standort verwenden',
  wayOutRadius: {
    one: 'Im Umkreis von {radius}: {count} Partner',
    other: 'Im Umkreis von {radius}: {count} Partner',
  },
};

export default deDE;
