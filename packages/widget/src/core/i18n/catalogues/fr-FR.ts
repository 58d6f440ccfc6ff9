/** French (France). Message ids and placeholders as in en-US.ts. */
import type { Catalogue } from './en-US';

const frFR: Catalogue = {
  heading: 'Réseau de partenaires',
  searchForm: 'Partenaires privilégiés',
  searchField: 'Rechercher des partenaires',
  searchPlaceholder: 'Rechercher des partenaires',
  clearSearch: 'Effacer la recherche',
  searchButton: 'Rechercher',
  searchInvalid:
    "La recherche n’accepte que A-Z a-z À-ÿ 0-9 et les caractères spéciaux - _ '. Veuillez saisir une valeur valide.",
  backLink: 'Retour à la page d’accueil',
  searchFilters: 'Filtres de recherche',
  partnerType: 'Type de partenaire',
  viewMore: 'Voir plus',
  viewLess: 'Voir moins',
  viewMoreGroup: 'Voir plus : {group}',
  viewLessGroup: 'Voir moins : {group}',
  selectedFilters: 'Filtres sélectionnés',
  removeFilter: 'Retirer {name}',
  addFilter: 'Ajouter un filtre',
  addFilterByName: 'Ajouter un filtre par son nom',
  results: 'Résultats de la recherche',
  partners: 'Partenaires',
  categories: 'Catégories',
  count: {
    one: 'Affichage de {loaded} sur {total} partenaire',
    other: 'Affichage de {loaded} sur {total} partenaires',
  },
  added: {
    one: '{count} partenaire supplémentaire ajouté.',
    other: '{count} partenaires supplémentaires ajoutés.',
  },
  appliedFilters: 'Filtres : {filters}.',
  noFilters: 'Aucun filtre.',
  appliedText: 'Texte recherché : {text}.',
  listSeparator: ', ',
  afterCount: '. {details}',
  noneFound: 'Aucun partenaire trouvé.',
  noResultsTitle: 'Aucun partenaire trouvé',
  noResultsText: 'Aucun résultat. Essayez d’autres mots-clés ou retirez des filtres de recherche.',
  resetAll: 'TOUT RÉINITIALISER',
  errorTitle: 'Une erreur est survenue.',
  errorText: 'Veuillez nous excuser, nous corrigeons le problème. Réessayez plus tard.',
  goHome: 'Aller à la page d’accueil',
  loadMore: 'Afficher plus de partenaires',
  choiceCount: '{count}',
  partnerCount: { one: '{count} partenaire', other: '{count} partenaires' },
  waysOut: 'Élargissez votre recherche d’un cran :',
  wayOutItem: {
    one: 'Sans « {name} » ({count} partenaire)',
    other: 'Sans « {name} » ({count} partenaires)',
  },
  wayOutWord: {
    one: 'Sans le mot « {name} » ({count} partenaire)',
    other: 'Sans le mot « {name} » ({count} partenaires)',
  },
  wayOutText: {
    one: 'Sans le texte de recherche ({count} partenaire)',
    other: 'Sans le texte de recherche ({count} partenaires)',
  },
  contact: 'Contacter',
  near: 'Près de',
  useMyLocation: 'Utiliser ma position',
  wayOutRadius: {
    one: 'À moins de {radius} : {count} partenaire',
    other: 'À moins de {radius} : {count} partenaires',
  },
};

export default frFR;
