import { afterEach, describe, expect, it, vi } from 'vitest';
import { logsWritten } from '../test/logsWritten';
import { parseBackgroundSources } from '../readBackgroundSources';
import { readElementAttributes } from '../readElementAttributes';

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
  it('reads every attribute into context overrides', async () => {
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
    // background-sources is read by a chunk: the first render waits for it.
    expect(read.renderAfter).toBeInstanceOf(Promise);
    await read.renderAfter;
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
      renderAfter: read.renderAfter,
    });
  });

  it('asks for no chunk without background-sources beside a background-url', () => {
    expect(readElementAttributes(element({ 'background-url': '/hero.jpg' }))).toEqual({
      context: { background: { defaultUrl: 'http://localhost:3000/hero.jpg', sources: [] } },
      urlState: null,
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

describe('readElementAttributes: background-sources', () => {
  it('says an unreadable value in the one line, where it always was', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const read = readElementAttributes(
      element({
        'company-id': 'x',
        'background-url': 'javascript:x',
        'background-sources': '/a.jpg 540px',
        'url-state': 'both',
      }),
    );
    await read.renderAfter;
    expect(read.context).toEqual({});
    await logsWritten();
    expect(warn).toHaveBeenCalledExactlyOnceWith(
      'Partners Network: ignoring attributes: company-id is not a number; ' +
        'background-sources is neither JSON nor "url 540w, ..."; ' +
        'background-url is not an http(s) address; url-state is neither "url" nor "memory".',
    );
  });

  it('keeps the picture of background-url alone when that value cannot be read', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const read = readElementAttributes(
      element({ 'background-url': '/hero.jpg', 'background-sources': '[not json' }),
    );
    await read.renderAfter;
    expect(read.context).toEqual({
      background: { defaultUrl: 'http://localhost:3000/hero.jpg', sources: [] },
    });
    await logsWritten();
    expect(warn).toHaveBeenCalledExactlyOnceWith(
      'Partners Network: ignoring attributes: background-sources is neither JSON nor "url 540w, ...".',
    );
  });

  it('says background-sources alone is ignored, with no chunk', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const read = readElementAttributes(element({ 'background-sources': '/a.jpg 540w' }));
    expect(read).toEqual({ context: {}, urlState: null });
    await logsWritten();
    expect(warn).toHaveBeenCalledExactlyOnceWith(
      'Partners Network: ignoring attributes: background-sources needs background-url.',
    );
  });

  it('keeps the picture of background-url alone, with an error, when the chunk cannot load', async () => {
    vi.resetModules();
    vi.doMock('../readBackgroundSources', () => {
      throw new Error('offline');
    });
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const fresh = await import('../readElementAttributes');
      const read = fresh.readElementAttributes(
        element({ 'background-url': '/hero.jpg', 'background-sources': '/a.jpg 540w' }),
      );
      await read.renderAfter;
      expect(read.context).toEqual({
        background: { defaultUrl: 'http://localhost:3000/hero.jpg', sources: [] },
      });
      await logsWritten();
      expect(error).toHaveBeenCalledExactlyOnceWith(
        'Partners Network: background-sources not read, showing background-url alone:',
        expect.any(Error),
      );
    } finally {
      vi.doUnmock('../readBackgroundSources');
    }
  });
});
