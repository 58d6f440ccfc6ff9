/** The location field's texts, Spanish. Ids as in en-US.ts. */
import type { NearCatalogue } from './en-US';

const esES: NearCatalogue = {
  placeholder: 'Ciudad',
  suggestions: 'Ciudades',
  noPlaces: 'No se encontró ninguna ciudad',
  clearNear: 'Borrar ubicación',
  nearInvalid: 'Escribe solo letras, espacios, guiones o apóstrofos, como máximo 100 caracteres.',
  myLocation: 'Mi ubicación',
  locating: 'Buscando tu ubicación…',
  locationDenied:
    'No se compartió tu ubicación, así que no ha cambiado nada. Puedes escribir una ciudad.',
  locationFailed:
    'No se pudo encontrar tu ubicación, así que no ha cambiado nada. Puedes escribir una ciudad.',
  radius: 'A menos de',
  anyDistance: 'Cualquier distancia',
  sort: 'Orden',
  sortRelevance: 'Relevancia',
  sortDistance: 'Distancia',
};

export default esES;
