/** Portuguese (Brazil). Message ids and placeholders as in en-US.ts. */
import type { Catalogue } from './en-US';

const ptBR: Catalogue = {
  heading: 'Rede de parceiros',
  searchForm: 'Parceiros preferenciais',
  searchField: 'Pesquisar parceiros',
  searchPlaceholder: 'Pesquisar parceiros',
  clearSearch: 'Limpar pesquisa',
  searchButton: 'Pesquisar',
  searchInvalid:
    "A pesquisa só aceita A-Z a-z À-ÿ 0-9 e os caracteres especiais - _ '. Digite um valor válido na pesquisa.",
  backLink: 'Voltar para a página inicial',
  searchFilters: 'Filtros de pesquisa',
  partnerType: 'Tipo de parceiro',
  viewMore: 'Ver mais',
  viewLess: 'Ver menos',
  viewMoreGroup: 'Ver mais: {group}',
  viewLessGroup: 'Ver menos: {group}',
  selectedFilters: 'Filtros selecionados',
  removeFilter: 'Remover {name}',
  addFilter: 'Adicionar um filtro',
  addFilterByName: 'Adicionar um filtro pelo nome',
  results: 'Resultados da pesquisa',
  partners: 'Parceiros',
  categories: 'Categorias',
  count: {
    one: 'Mostrando {loaded} de {total} parceiro',
    other: 'Mostrando {loaded} de {total} parceiros',
  },
  added: { one: 'Mais {count} parceiro adicionado.', other: 'Mais {count} parceiros adicionados.' },
  appliedFilters: 'Filtros: {filters}.',
  noFilters: 'Sem filtros.',
  appliedText: 'Texto pesquisado: {text}.',
  listSeparator: ', ',
  afterCount: '. {details}',
  noneFound: 'Nenhum parceiro encontrado.',
  noResultsTitle: 'Nenhum parceiro encontrado',
  noResultsText:
    'Nenhum resultado encontrado. Tente outras palavras-chave ou remova filtros de pesquisa.',
  resetAll: 'LIMPAR TUDO',
  errorTitle: 'Algo deu errado.',
  errorText: 'Pedimos desculpas e já estamos corrigindo o problema. Tente novamente mais tarde.',
  goHome: 'Ir para a página inicial',
  loadMore: 'Carregar mais parceiros',
  choiceCount: '{count}',
  partnerCount: { one: '{count} parceiro', other: '{count} parceiros' },
  waysOut: 'Tente voltar um passo:',
  wayOutItem: {
    one: 'Sem “{name}” ({count} parceiro)',
    other: 'Sem “{name}” ({count} parceiros)',
  },
  wayOutWord: {
    one: 'Sem a palavra “{name}” ({count} parceiro)',
    other: 'Sem a palavra “{name}” ({count} parceiros)',
  },
  wayOutText: {
    one: 'Sem o texto pesquisado ({count} parceiro)',
    other: 'Sem o texto pesquisado ({count} parceiros)',
  },
  contact: 'Entrar em contato',
  near: 'Perto de',
  useMyLocation: 'Usar minha localização',
  wayOutRadius: {
    one: 'Até {radius}: {count} parceiro',
    other: 'Até {radius}: {count} parceiros',
  },
};

export default ptBR;
