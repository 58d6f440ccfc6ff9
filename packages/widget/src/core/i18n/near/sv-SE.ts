/** The location field's texts, Swedish. Ids as in en-US.ts. */
import type { NearCatalogue } from './en-US';

const svSE: NearCatalogue = {
  placeholder: 'Stad',
  suggestions: 'Städer',
  noPlaces: 'Ingen stad hittades',
  clearNear: 'Rensa plats',
  nearInvalid: 'Skriv bara bokstäver, mellanslag, bindestreck eller apostrofer, högst 100 tecken.',
  myLocation: 'Min plats',
  locating: 'Söker din plats…',
  locationDenied: 'Din plats delades inte, så inget ändrades. Du kan skriva en stad i stället.',
  locationFailed:
    'Din plats kunde inte hittas, så inget ändrades. Du kan skriva en stad i stället.',
  radius: 'Inom',
  anyDistance: 'Valfritt avstånd',
  sort: 'Ordning',
  sortRelevance: 'Relevans',
  sortDistance: 'Avstånd',
};

export default svSE;
