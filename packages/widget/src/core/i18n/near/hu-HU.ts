/** The location field's texts, Hungarian. Ids as in en-US.ts. */
import type { NearCatalogue } from './en-US';

const huHU: NearCatalogue = {
  placeholder: 'Város',
  suggestions: 'Városok',
  noPlaces: 'Nincs ilyen város',
  clearNear: 'Hely törlése',
  nearInvalid: 'Csak betűket, szóközt, kötőjelet vagy aposztrófot írjon, legfeljebb 100 karaktert.',
  myLocation: 'Saját helyzetem',
  locating: 'Helyzet meghatározása…',
  locationDenied:
    'A helyzetét nem osztotta meg, így semmi sem változott. Írjon be inkább egy várost.',
  locationFailed:
    'A helyzetét nem sikerült meghatározni, így semmi sem változott. Írjon be inkább egy várost.',
  radius: 'Körzet',
  anyDistance: 'Bármilyen távolság',
  sort: 'Sorrend',
  sortRelevance: 'Relevancia',
  sortDistance: 'Távolság',
};

export default huHU;
