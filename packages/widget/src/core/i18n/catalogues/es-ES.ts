/** Spanish (Spain). Message ids and placeholders as in en-US.ts. */
import type { Catalogue } from './en-US';

const esES: Catalogue = {
  heading: 'Red de socios',
  searchForm: 'Socios preferentes',
  searchField: 'Buscar socios',
  searchPlaceholder: 'Buscar socios',
  clearSearch: 'Borrar la búsqueda',
  searchButton: 'Buscar',
  searchInvalid:
    "La búsqueda solo admite A-Z a-z À-ÿ 0-9 y los caracteres especiales - _ '. Introduzca un valor válido en la búsqueda.",
  backLink: 'Volver a la página de inicio',
  searchFilters: 'Filtros de búsqueda',
  partnerType: 'Tipo de socio',
  viewMore: 'Ver más',
  viewLess: 'Ver menos',
  viewMoreGroup: 'Ver más: {group}',
  viewLessGroup: 'Ver menos: {group}',
  selectedFilters: 'Filtros seleccionados',
  removeFilter: 'Quitar {name}',
  addFilter: 'Añadir un filtro',
  addFilterByName: 'Añadir un filtro por su nombre',
  results: 'Resultados de la búsqueda',
  partners: 'Socios',
  categories: 'Categorías',
  count: {
    one: 'Mostrando {loaded} de {total} socio',
    other: 'Mostrando {loaded} de {total} socios',
  },
  added: { one: 'Se ha añadido {count} socio más.', other: 'Se han añadido {count} socios más.' },
  appliedFilters: 'Filtros: {filters}.',
  noFilters: 'Sin filtros.',
  appliedText: 'Texto de búsqueda: {text}.',
  listSeparator: ', ',
  afterCount: '. {details}',
  noneFound: 'No se han encontrado socios.',
  noResultsTitle: 'No se han encontrado socios',
  noResultsText:
    'No se han encontrado resultados. Pruebe con otras palabras clave o quite filtros de búsqueda.',
  resetAll: 'RESTABLECER TODO',
  errorTitle: 'Algo ha salido mal.',
  errorText:
    'Le pedimos disculpas; estamos solucionando el problema. Vuelva a intentarlo más tarde.',
  goHome: 'Ir a la página de inicio',
  loadMore: 'Cargar más socios',
  choiceCount: '{count}',
  partnerCount: { one: '{count} socio', other: '{count} socios' },
  waysOut: 'Pruebe a retroceder un paso:',
  wayOutItem: { one: 'Sin «{name}» ({count} socio)', other: 'Sin «{name}» ({count} socios)' },
  wayOutWord: {
    one: 'Sin la palabra «{name}» ({count} socio)',
    other: 'Sin la palabra «{name}» ({count} socios)',
  },
  wayOutText: {
    one: 'Sin el texto de búsqueda ({count} socio)',
    other: 'Sin el texto de búsqueda ({count} socios)',
  },
  contact: 'Contactar',
  near: 'Cerca de',
  useMyLocation: 'Usar mi ubicación',
  wayOutRadius: {
    one: 'A menos de {radius}: {count} socio',
    other: 'A menos de {radius}: {count} socios',
  },
};

export default esES;
