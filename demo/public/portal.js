// Plays the part of the Liferay portal for the demo page: the ThemeDisplay object,
// the auth token, and the global settings object the widget reads. Served as a file
// (not inline) so the page works under a strict Content-Security-Policy, and deferred
// (it runs before the widget's module script, which is deferred too, in page order).
//
// Every value comes from the page's data attributes, which the demo server writes from its
// one source (the seed's ids, SEED_COMPANY_ID and SEED_SCOPE_GROUP_ID, or the ids it was
// started with; the page's language): this file spells none of them again.
(function () {
  const root = document.documentElement;
  const { languageId, companyId, scopeGroupId } = root.dataset;

  window.Liferay = {
    authToken: root.dataset.authToken || undefined,
    ThemeDisplay: {
      getCompanyId: () => companyId,
      getScopeGroupId: () => scopeGroupId,
      getLanguageId: () => languageId,
    },
  };

  // The background picture comes from the page (data-background), which also preloads it.
  window.partnersNetworkSettings = {
    backButtonUrl: '/',
    searchSectionBackgroundImageFriendlyUrl: JSON.parse(root.dataset.background || 'null'),
  };

  // The language switch keeps the widget's hash route and its saved search.
  document.addEventListener('click', (event) => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    const link = target.closest('a[data-language-switch]');
    if (link instanceof HTMLAnchorElement && window.location.hash) {
      link.hash = window.location.hash;
    }
  });
})();
