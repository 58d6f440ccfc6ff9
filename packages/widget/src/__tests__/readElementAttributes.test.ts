import { afterEach, describe, expect, it, vi } from 'vitest';
import { logsWritten } from '../test/logsWritten';
import { parseBackgroundSources, readElementAttributes } from '../readElementAttributes';

function element(attributes: Record<string, string>): HTMLElement {
  const node = document.createElement('div');
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

afterEach(() => vi.restoreAllMocks());

describe('parseBackgroundSources', () => {
  it('reads the srcset-like list, each width a max-width', () => {
    expect(parseBackgroundSources('/a-540.jpg 540w, https://cdn.test/a-1023.jpg 1023w')).toEqual([
      { url: 'http://localhost:3000/a-540.jpg', maxWidth: 540 },
      { url: 'https://cdn.test/a-1023.jpg', maxWidth: 1023 },
    ]);
  });

  it('reads a JSON array of { url, maxWidth }', () => {
    expect(parseBackgroundSources('[{"url":"https://cdn.test/a.jpg","maxWidth":"540"}]')).toEqual([
      { url: 'https://cdn.test/a.jpg', maxWidth: 540 },
    ]);
  });

  it('drops unsafe URLs and bad widths, and refuses what it cannot read', () => {
    expect(parseBackgroundSources('javascript:alert(1) 540w, /b.jpg 0w, /c.jpg 700w')).toEqual([
      { url: 'http://localhost:3000/c.jpg', maxWidth: 700 },
    ]);
    expect(parseBackgroundSources('[{"url":"/a.jpg","maxWidth":1.5}]')).toEqual([]);
    expect(parseBackgroundSources('')).toEqual([]);
    expect(parseBackgroundSources('/a.jpg 540px')).toBeNull();
    expect(parseBackgroundSources('[{"url":1}]')).toBeNull();
    expect(parseBackgroundSources('[not json')).toBeNull();
    expect(parseBackgroundSources('{"__proto__":{"url":"/x"}}')).toBeNull();
  });
});

describe('readElementAttributes', () => {
  it('reads every attribute into context overrides', () => {
    const read = readElementAttributes(
      element({
        'api-base-url': 'https://api.test/base',
        'company-id': '20097',
        'scope-group-id': ' 20121 ',
        'language-id': 'fr_FR',
        'back-button-url': '/home',
        'background-url': '/hero.jpg',
        'background-sources': '/hero-540.jpg 540w',
        'url-state': 'memory',
      }),
    );
    expect(read).toEqual({
      context: {
        apiBaseUrl: 'https://api.test/base',
        companyId: '20097',
        scopeGroupId: '20121',
        languageId: 'fr-FR',
        backButtonUrl: '/home',
        background: {
          defaultUrl: 'http://localhost:3000/hero.jpg',
          sources: [{ url: 'http://localhost:3000/hero-540.jpg', maxWidth: 540 }],
        },
      },
      urlState: 'memory',
    });
  });

  it('leaves absent and empty attributes to the portal; an empty background-url means none', () => {
    expect(readElementAttributes(element({}))).toEqual({ context: {}, urlState: null });
    expect(readElementAttributes(element({ 'company-id': '', 'background-url': '' }))).toEqual({
      context: { background: null },
      urlState: null,
    });
  });

  it('ignores unusable values with one warning that names them', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const read = readElementAttributes(
      element({
        'api-base-url': 'javascript:alert(1)',
        'company-id': '1/../2',
        'language-id': 'not a tag!',
        'back-button-url': 'data:text/html,x',
        'background-url': 'javascript:x',
        'url-state': 'both',
      }),
    );
    expect(read).toEqual({ context: {}, urlState: null });
    await logsWritten();
    expect(warn).toHaveBeenCalledExactlyOnceWith(
      'Partners Network: ignoring attributes: api-base-url is not an http(s) address; ' +
        'back-button-url is not an http(s) address; company-id is not a number; ' +
        'language-id is not a language tag; background-url is not an http(s) address; ' +
        'url-state is neither "url" nor "memory".',
    );
  });
});
