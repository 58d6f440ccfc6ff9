/**
 * The site's partners: a table searched, sorted and paged by the server (GET …/partners),
 * whose state is the address (`?q=&sort=&order=&page=`), so back and reload keep it. Each
 * row opens its partner's form or deletes it after a confirmation; the toolbar adds a
 * partner, imports a file and exports the site.
 */
import { useEffect, useId, useRef, useState } from 'react';
import type {
  AdminSiteDefinitions,
  PartnerListItem,
  PartnerSort,
  Scope,
} from '@partners-network/contract';
import { AdminApiError } from '../core/createAdminClient';
import type { FileFormat } from '../core/createAdminClient';
import { downloadBlob } from '../core/downloadBlob';
import { titleOf } from '../core/partnerDraft';
import type { ListState } from '../core/route';
import { formatRoute } from '../core/route';
import { t } from '../core/translate';
import { useResource } from '../core/useResource';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { LoadError, describeError } from '../ui/LoadError';
import { SearchForm } from '../ui/SearchForm';
import { ViewHeading } from '../ui/ViewHeading';
import type { ViewContext } from './consoleViews';

export const PAGE_SIZE = 25;

export interface PartnersViewProps extends ViewContext {
  site: Scope;
  list: ListState;
}

function labelsOf(definitions: AdminSiteDefinitions | undefined): Map<string, string> {
  return new Map(
    (definitions?.globalFilters ?? []).map((filter) => [
      filter.name,
      filter.label['en-US'] ?? filter.name,
    ]),
  );
}

export function PartnersView({ site, list, client, navigate, notify }: PartnersViewProps) {
  const offset = (list.page - 1) * PAGE_SIZE;
  const query = { q: list.q, sort: list.sort, order: list.order, offset, limit: PAGE_SIZE };
  const page = useResource(JSON.stringify(query), (signal) => client.partners(site, query, signal));
  const definitions = useResource('definitions', () => client.definitions(site));
  const [deleting, setDeleting] = useState<PartnerListItem | null>(null);
  const countId = useId();
  const count = useRef<HTMLParagraphElement>(null);
  const focusCount = useRef(false);
  const show = (next: Partial<ListState>, replace = false) =>
    navigate({ view: 'partners', site, list: { ...list, ...next } }, { replace });

  const data = page.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  // A page past the end (the last partner of the last page deleted): the last page.
  useEffect(() => {
    if (!page.loading && data && list.page > pages) {
      navigate({ view: 'partners', site, list: { ...list, page: pages } }, { replace: true });
    }
  }, [page.loading, data, list, pages, site, navigate]);

  function deleted() {
    setDeleting(null);
    page.reload();
    focusCount.current = true;
  }

  // The row and its button are gone: once the dialog has closed (and given the focus back),
  // the count is where the operator goes on from.
  useEffect(() => {
    if (focusCount.current && !deleting) {
      focusCount.current = false;
      count.current?.focus();
    }
  });

  const labels = labelsOf(definitions.data);
  return (
    <section className="pn-view" aria-labelledby={countId}>
      <ViewHeading title={t('viewPartners')} />
      <PartnersToolbar
        site={site}
        q={list.q}
        client={client}
        notify={notify}
        onSearch={(q, typing) => show({ q, page: 1 }, typing)}
      />
      <p id={countId} ref={count} tabIndex={-1} className="pn-count" role="status">
        {data ? countText(data.total, list.q) : t('loading')}
      </p>
      {page.error ? <LoadError error={page.error} onRetry={page.reload} /> : null}
      {data && data.partners.length > 0 ? (
        <PartnersTable
          caption={t('partnersTable', { site: t('siteName', { ...site }) })}
          partners={data.partners}
          labels={labels}
          list={list}
          site={site}
          busy={page.loading}
          onSort={(sort) =>
            show({
              sort,
              order: list.sort === sort && list.order === 'asc' ? 'desc' : 'asc',
              page: 1,
            })
          }
          onDelete={setDeleting}
        />
      ) : null}
      {data && data.total > PAGE_SIZE ? <Pagination site={site} list={list} pages={pages} /> : null}
      {deleting ? (
        <DeletePartner
          site={site}
          partner={deleting}
          client={client}
          notify={notify}
          onDone={deleted}
          onCancel={() => setDeleting(null)}
        />
      ) : null}
    </section>
  );
}

interface ToolbarProps extends Pick<ViewContext, 'client' | 'notify'> {
  site: Scope;
  q: string;
  onSearch(q: string, typing: boolean): void;
}

/** The search, and what can be done with the site: add, import, export. */
function PartnersToolbar({ site, q, client, notify, onSearch }: ToolbarProps) {
  async function exportAs(format: FileFormat) {
    try {
      const file = await client.exportFile(site, format);
      downloadBlob(file.blob, file.name);
      notify(t('exported', { file: file.name }));
    } catch (error) {
      notify(describeError(error));
    }
  }
  return (
    <div className="pn-toolbar">
      <SearchForm
        label={t('searchPartners')}
        hint={t('searchPartnersHint')}
        value={q}
        onSearch={onSearch}
      />
      <div className="pn-toolbar__actions">
        <a
          className="pn-button pn-button--primary"
          href={formatRoute({ view: 'newPartner', site })}
        >
          {t('newPartner')}
        </a>
        <a className="pn-button" href={formatRoute({ view: 'import', site })}>
          {t('importPartners')}
        </a>
        <button type="button" className="pn-button" onClick={() => void exportAs('csv')}>
          {t('exportCsv')}
        </button>
        <button type="button" className="pn-button" onClick={() => void exportAs('json')}>
          {t('exportJson')}
        </button>
      </div>
    </div>
  );
}

interface DeleteProps extends Pick<ViewContext, 'client' | 'notify'> {
  site: Scope;
  partner: PartnerListItem;
  onDone(): void;
  onCancel(): void;
}

/** The question before a partner is deleted, and the deletion once it is answered. */
function DeletePartner({ site, partner, client, notify, onDone, onCancel }: DeleteProps) {
  const [busy, setBusy] = useState(false);
  const title = titleOf(partner.title, partner.slug);
  async function confirm() {
    setBusy(true);
    try {
      await client.deletePartner(site, partner.slug);
      notify(t('deleted', { title }));
    } catch (error) {
      if (!(error instanceof AdminApiError && error.status === 401)) notify(describeError(error));
    }
    onDone();
  }
  return (
    <ConfirmDialog
      title={t('confirmDeleteTitle', { title })}
      text={t('confirmDeleteText')}
      confirmLabel={t('delete')}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    />
  );
}

function countText(total: number, q: string): string {
  if (q === '') return total === 0 ? t('noPartners') : t('partnersFound', { count: total });
  return total === 0
    ? t('noPartnersFound', { query: q })
    : t('partnersFoundFor', { count: total, query: q });
}

interface TableProps {
  caption: string;
  partners: readonly PartnerListItem[];
  labels: ReadonlyMap<string, string>;
  list: ListState;
  site: Scope;
  busy: boolean;
  onSort(sort: PartnerSort): void;
  onDelete(partner: PartnerListItem): void;
}

function PartnersTable({
  caption,
  partners,
  labels,
  list,
  site,
  busy,
  onSort,
  onDelete,
}: TableProps) {
  const sortState = (sort: PartnerSort) =>
    list.sort === sort ? (list.order === 'asc' ? 'ascending' : 'descending') : undefined;
  const sortButton = (sort: PartnerSort, label: string) => (
    <button type="button" className="pn-sort" onClick={() => onSort(sort)}>
      {label}
      <span className="pn-sort__arrow" aria-hidden="true">
        {list.sort === sort ? (list.order === 'asc' ? '▲' : '▼') : '↕'}
      </span>
    </button>
  );
  // Explicit roles: the narrow layout stacks cells, and a table shown as blocks keeps its
  // meaning for screen readers only when its roles are written out.
  return (
    <div className="pn-table-wrap">
      <table className="pn-table" role="table" aria-busy={busy}>
        <caption>{caption}</caption>
        <thead role="rowgroup">
          <tr role="row">
            <th role="columnheader" scope="col" aria-sort={sortState('title')}>
              {sortButton('title', t('columnTitle'))}
            </th>
            <th role="columnheader" scope="col">
              {t('columnGlobalFilters')}
            </th>
            <th role="columnheader" scope="col" aria-sort={sortState('position')}>
              {sortButton('position', t('columnPosition'))}
            </th>
            <th role="columnheader" scope="col">
              {t('columnActions')}
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {partners.map((partner) => {
            const title = titleOf(partner.title, partner.slug);
            return (
              <tr role="row" key={partner.slug}>
                <th role="rowheader" scope="row">
                  <a href={formatRoute({ view: 'editPartner', site, slug: partner.slug })}>
                    {title}
                  </a>
                  <span className="pn-slug">{partner.slug}</span>
                </th>
                <td role="cell" data-label={t('columnGlobalFilters')}>
                  {partner.globalFilters.map((name) => labels.get(name) ?? name).join(', ')}
                </td>
                <td role="cell" data-label={t('columnPosition')}>
                  {partner.position}
                </td>
                <td role="cell">
                  <button
                    type="button"
                    className="pn-button pn-button--small"
                    aria-label={t('deletePartner', { title })}
                    onClick={() => onDelete(partner)}
                  >
                    {t('delete')}
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function Pagination({ site, list, pages }: { site: Scope; list: ListState; pages: number }) {
  const at = (page: number) => formatRoute({ view: 'partners', site, list: { ...list, page } });
  return (
    <nav className="pn-pages" aria-label={t('pagination')}>
      {list.page > 1 ? (
        <a className="pn-button" href={at(list.page - 1)}>
          {t('previousPage')}
        </a>
      ) : null}
      <span className="pn-pages__where">{t('pageOf', { page: list.page, pages })}</span>
      {list.page < pages ? (
        <a className="pn-button" href={at(list.page + 1)}>
          {t('nextPage')}
        </a>
      ) : null}
    </nav>
  );
}
