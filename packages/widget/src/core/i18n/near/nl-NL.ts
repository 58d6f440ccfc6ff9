/** The location field's texts, Dutch. Ids as in en-US.ts. */
import type { NearCatalogue } from './en-US';

const nlNL: NearCatalogue = {
  placeholder: 'Stad',
  suggestions: 'Steden',
  noPlaces: 'Geen stad gevonden',
  clearNear: 'Locatie wissen',
  nearInvalid: 'Typ alleen letters, spaties, koppeltekens of apostroffen, maximaal 100 tekens.',
  myLocation: 'Mijn locatie',
  locating: 'Je locatie wordt bepaald…',
  locationDenied:
    'Je locatie is niet gedeeld, dus er is niets veranderd. Je kunt ook een stad typen.',
  locationFailed:
    'Je locatie kon niet worden bepaald, dus er is niets veranderd. Je kunt ook een stad typen.',
  radius: 'Binnen',
  anyDistance: 'Elke afstand',
  sort: 'Volgorde',
  sortRelevance: 'Relevantie',
  sortDistance: 'Afstand',
};

export default nlNL;
