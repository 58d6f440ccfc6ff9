/** The location field's texts, Finnish. Ids as in en-US.ts. */
import type { NearCatalogue } from './en-US';

const fiFI: NearCatalogue = {
  placeholder: 'Kaupunki',
  suggestions: 'Kaupungit',
  noPlaces: 'Kaupunkia ei löytynyt',
  clearNear: 'Tyhjennä sijainti',
  nearInvalid:
    'Kirjoita vain kirjaimia, välilyöntejä, yhdysmerkkejä tai heittomerkkejä, enintään 100 merkkiä.',
  myLocation: 'Oma sijainti',
  locating: 'Sijaintiasi haetaan…',
  locationDenied:
    'Sijaintiasi ei jaettu, joten mikään ei muuttunut. Voit kirjoittaa kaupungin sen sijaan.',
  locationFailed:
    'Sijaintiasi ei löytynyt, joten mikään ei muuttunut. Voit kirjoittaa kaupungin sen sijaan.',
  radius: 'Säde',
  anyDistance: 'Mikä tahansa etäisyys',
  sort: 'Järjestys',
  sortRelevance: 'Osuvuus',
  sortDistance: 'Etäisyys',
};

export default fiFI;
