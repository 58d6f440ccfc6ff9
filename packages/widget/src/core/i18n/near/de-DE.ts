/** The location field's texts, German. Ids as in en-US.ts. */
import type { NearCatalogue } from './en-US';

const deDE: NearCatalogue = {
  placeholder: 'Stadt',
  suggestions: 'Städte',
  noPlaces: 'Keine Stadt gefunden',
  clearNear: 'Ort löschen',
  nearInvalid: 'Nur Buchstaben, Leerzeichen, Bindestriche oder Apostrophe, höchstens 100 Zeichen.',
  myLocation: 'Mein Standort',
  locating: 'Standort wird ermittelt…',
  locationDenied:
    'Ihr Standort wurde nicht freigegeben, daher hat sich nichts geändert. Sie können stattdessen eine Stadt eingeben.',
  locationFailed:
    'Ihr Standort konnte nicht ermittelt werden, daher hat sich nichts geändert. Sie können stattdessen eine Stadt eingeben.',
  radius: 'Umkreis',
  anyDistance: 'Beliebige Entfernung',
  sort: 'Reihenfolge',
  sortRelevance: 'Relevanz',
  sortDistance: 'Entfernung',
};

export default deDE;
