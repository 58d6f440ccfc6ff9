/** The location field's texts, Catalan. Ids as in en-US.ts. */
import type { NearCatalogue } from './en-US';

const caES: NearCatalogue = {
  placeholder: 'Ciutat',
  suggestions: 'Ciutats',
  noPlaces: "No s'ha trobat cap ciutat",
  clearNear: 'Esborra la ubicació',
  nearInvalid: 'Escriu només lletres, espais, guions o apòstrofs, com a màxim 100 caràcters.',
  myLocation: 'La meva ubicació',
  locating: 'Cercant la teva ubicació…',
  locationDenied:
    "No s'ha compartit la teva ubicació, així que no ha canviat res. Pots escriure una ciutat.",
  locationFailed:
    "No s'ha pogut trobar la teva ubicació, així que no ha canviat res. Pots escriure una ciutat.",
  radius: 'A menys de',
  anyDistance: 'Qualsevol distància',
  sort: 'Ordre',
  sortRelevance: 'Rellevància',
  sortDistance: 'Distància',
};

export default caES;
