/** The location field's texts, French. Ids as in en-US.ts. */
import type { NearCatalogue } from './en-US';

const frFR: NearCatalogue = {
  placeholder: 'Ville',
  suggestions: 'Villes',
  noPlaces: 'Aucune ville trouvée',
  clearNear: 'Effacer le lieu',
  nearInvalid:
    'Saisissez uniquement des lettres, espaces, traits d’union ou apostrophes, 100 caractères au plus.',
  myLocation: 'Ma position',
  locating: 'Recherche de votre position…',
  locationDenied:
    'Votre position n’a pas été partagée : rien n’a changé. Vous pouvez saisir une ville à la place.',
  locationFailed:
    'Votre position est introuvable : rien n’a changé. Vous pouvez saisir une ville à la place.',
  radius: 'Rayon',
  anyDistance: 'Toute distance',
  sort: 'Ordre',
  sortRelevance: 'Pertinence',
  sortDistance: 'Distance',
};

export default frFR;
