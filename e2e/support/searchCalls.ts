/**
 * What the page asks the real API and what it answers, read from the browser's own
 * traffic (no mocking): the criteria of every search POST, and the parsed answers.
 */
import type { Page, Request, Response } from 'playwright-core';
import { SearchPage } from './searchPage';
import type { OpenOptions, Portal } from './usePortal';

export interface SentSearch {
  globalFilter: string;
  text: string;
  filterItemIds: number[];
  offset: number;
  resultsPerPage: number;
  /** The `locale` query parameter of the call. */
  locale: string | null;
}

export interface AnsweredPartner {
  title: string;
  summary: string;
  url: string;
  imageUrl: string;
  categories: string[];
}

export interface SearchAnswer {
  partners: AnsweredPartner[];
  totalFound: number;
  /**
   * The global filter the server applied (`searchPartnersCriteria`), in its own spelling:
   * the page sends its first search with the URL's name, or none for the site's default,
   * beside the filter definitions request.
   */
  globalFilter: string;
}

const API_PATH = /\/o\/preferred-partners\/v1\/[^/]+\/[^/]+\/(search|filter-groups)$/;

export function isSearchCall(request: Request): boolean {
  const match = API_PATH.exec(new URL(request.url()).pathname);
  return request.method() === 'POST' && match?.[1] === 'search';
}

export function isFilterGroupsCall(request: Request): boolean {
  const match = API_PATH.exec(new URL(request.url()).pathname);
  return request.method() === 'GET' && match?.[1] === 'filter-groups';
}

function field(data: unknown, name: string): unknown {
  return typeof data === 'object' && data !== null ? Reflect.get(data, name) : undefined;
}

function text(data: unknown, name: string): string {
  const value = field(data, name);
  if (typeof value !== 'string') throw new Error(`${name} is not a string: ${String(value)}`);
  return value;
}

function count(data: unknown, name: string): number {
  const value = field(data, name);
  if (typeof value !== 'number') throw new Error(`${name} is not a number: ${String(value)}`);
  return value;
}

function list(data: unknown, name: string): unknown[] {
  const value = field(data, name);
  if (!Array.isArray(value)) throw new Error(`${name} is not a list`);
  return value;
}

export function readSentSearch(request: Request): SentSearch {
  const body: unknown = JSON.parse(request.postData() ?? 'null');
  return {
    globalFilter: text(body, 'globalFilter'),
    text: text(body, 'text'),
    filterItemIds: list(body, 'filterItemIds').map((id) => {
      if (typeof id !== 'number') throw new Error(`filter item id ${String(id)}`);
      return id;
    }),
    offset: count(body, 'offset'),
    resultsPerPage: count(body, 'resultsPerPage'),
    locale: new URL(request.url()).searchParams.get('locale'),
  };
}

/** Every search the page sends from now on, in order. Call before the page loads. */
export function recordSearches(page: Page): SentSearch[] {
  const sent: SentSearch[] = [];
  page.on('request', (request) => {
    if (isSearchCall(request)) sent.push(readSentSearch(request));
  });
  return sent;
}

export async function readSearchAnswer(response: Response): Promise<SearchAnswer> {
  const body: unknown = await response.json();
  return {
    totalFound: count(body, 'totalFound'),
    globalFilter: text(field(body, 'searchPartnersCriteria'), 'globalFilter'),
    partners: list(body, 'partners').map((partner) => ({
      title: text(partner, 'title'),
      summary: text(partner, 'summary'),
      url: text(partner, 'url'),
      imageUrl: text(field(partner, 'image'), 'url'),
      categories: list(partner, 'categories').map((category) => text(category, 'name')),
    })),
  };
}

/**
 * The answer of the next search the page sends after `action` (which must cause
 * one). Returns the criteria sent and the parsed answer.
 */
export async function searchAnswerTo(
  page: Page,
  action: () => Promise<unknown>,
): Promise<{ sent: SentSearch; answer: SearchAnswer }> {
  const [response] = await Promise.all([
    page.waitForResponse((response) => isSearchCall(response.request())),
    action(),
  ]);
  return { sent: readSentSearch(response.request()), answer: await readSearchAnswer(response) };
}

/**
 * Opens `path` and returns the page (and its en-US page object) with the criteria and
 * answer of its first search.
 */
export async function openWithFirstSearch(
  portal: Portal,
  path: string,
  options: OpenOptions = {},
): Promise<{ page: Page; searchPage: SearchPage; sent: SentSearch; answer: SearchAnswer }> {
  let firstResponse: Promise<Response> | undefined;
  // What went wrong, should the first search never come.
  const problems: string[] = [];
  const page = await portal.open(path, {
    ...options,
    async beforeNavigate(page) {
      firstResponse = page.waitForResponse((response) => isSearchCall(response.request()));
      page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`));
      page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
      });
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      await options.beforeNavigate?.(page);
    },
  });
  if (!firstResponse) throw new Error('the page was opened without beforeNavigate');
  const response = await firstResponse.catch((error: unknown) => {
    throw new Error(`no first search (${problems.join('; ') || 'nothing failed'})`, {
      cause: error,
    });
  });
  return {
    page,
    searchPage: new SearchPage(page),
    sent: readSentSearch(response.request()),
    answer: await readSearchAnswer(response),
  };
}

/** A saved search as the `search` parameter of a link: base64 JSON, URL-encoded (SPEC 2). */
export function savedSearchParam(saved: unknown): string {
  return encodeURIComponent(Buffer.from(JSON.stringify(saved), 'utf8').toString('base64'));
}

/** The saved search the page wrote into the `search` parameter of its hash. */
export function savedSearchOf(url: string): unknown {
  const hash = new URL(url).hash;
  const query = new URLSearchParams(hash.slice(hash.indexOf('?') + 1));
  return JSON.parse(Buffer.from(query.get('search') ?? '', 'base64').toString('utf8'));
}
