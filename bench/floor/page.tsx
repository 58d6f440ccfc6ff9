/**
 * The floor of "how fast a visitor sees partners": a page that loads React alone, asks
 * the same server the same two questions as the widget, one after the other (the filter
 * groups, then the first search with the default global filter), and renders the ten
 * partners as plain cards. No search panel, no filters, no styles, no checks of the
 * answers: nothing the widget could leave out and still be the page SPEC describes. The
 * bench measures the widget beside it in the same run (`measurePage.ts`).
 *
 * It renders into a shadow root of its host element, as the widget does, so the bench's
 * probe watches both alike (an `article` is a card, its `h2` the title).
 */
import { createRoot } from 'react-dom/client';
import {
  XSRF_COOKIE_NAME,
  XSRF_HEADER_NAME,
  filterGroupsPath,
  searchPath,
} from '../../packages/contract/src/apiPaths';
import { readCookie } from '../../packages/contract/src/readCookie';

export const FLOOR_ELEMENT = 'pn-floor-page';

interface Partner {
  title: string;
  summary: string;
  url: string;
  image: { url: string };
  categories: { name: string }[];
}

function Cards({ partners }: { partners: Partner[] }) {
  return (
    <ul>
      {partners.map((partner) => (
        <li key={partner.url}>
          <article>
            <img src={partner.image.url} alt="" loading="lazy" />
            <ul>
              {partner.categories.map((category) => (
                <li key={category.name}>{category.name}</li>
              ))}
            </ul>
            <h2>
              <a href={partner.url}>{partner.title}</a>
            </h2>
            <p>{partner.summary}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}

async function start(host: Element): Promise<void> {
  const { companyId = '', scopeGroupId = '' } = document.documentElement.dataset;
  const scope = { companyId, scopeGroupId };
  // Unchecked on purpose: the floor does the least a page can do with the answers.
  const definitions: { defaultGlobalFilter: string } = await (
    await fetch(`${filterGroupsPath(scope)}?locale=en-US`, {
      headers: { Accept: 'application/json' },
    })
  ).json();
  const answer: { partners: Partner[] } = await (
    await fetch(`${searchPath(scope)}?locale=en-US`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        [XSRF_HEADER_NAME]: readCookie(document.cookie, XSRF_COOKIE_NAME) ?? '',
      },
      body: JSON.stringify({
        globalFilter: definitions.defaultGlobalFilter,
        text: '',
        filterItemIds: [],
        offset: 0,
        resultsPerPage: 10,
      }),
    })
  ).json();
  const shadow = host.attachShadow({ mode: 'open' });
  createRoot(shadow).render(<Cards partners={answer.partners} />);
}

const host = document.querySelector(FLOOR_ELEMENT);
if (host) void start(host);
