/** The location field's texts, Portuguese (Brazil). Ids as in en-US.ts. */
import type { NearCatalogue } from './en-US';

const ptBR: NearCatalogue = {
  placeholder: 'Cidade',
  suggestions: 'Cidades',
  noPlaces: 'Nenhuma cidade encontrada',
  clearNear: 'Limpar local',
  nearInvalid: 'Digite apenas letras, espaços, hifens ou apóstrofos, no máximo 100 caracteres.',
  myLocation: 'Minha localização',
  locating: 'Buscando sua localização…',
  locationDenied:
    'Sua localização não foi compartilhada, então nada mudou. Você pode digitar uma cidade.',
  locationFailed:
    'Não foi possível encontrar sua localização, então nada mudou. Você pode digitar uma cidade.',
  radius: 'Até',
  anyDistance: 'Qualquer distância',
  sort: 'Ordem',
  sortRelevance: 'Relevância',
  sortDistance: 'Distância',
};

export default ptBR;
