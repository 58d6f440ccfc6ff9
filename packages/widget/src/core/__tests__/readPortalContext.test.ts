import { afterEach, describe, expect, it, vi } from 'vitest';
import { logsWritten } from '../../test/logsWritten';
import { readPortalContext } from '../readPortalContext';

afterEach(() => {
  Reflect.deleteProperty(window, 'Liferay');
  Reflect.deleteProperty(window, 'partnersNetworkSettings');
  vi.restoreAllMocks();
});

function setLiferay(value: unknown): void {
  Reflect.set(window, 'Liferay', value);
}
function setSettings(value: unknown): void {
  Reflect.set(window, 'partnersNetworkSettings', value);
}

const liferay = {
  ThemeDisplay: {
    getCompanyId: () => '20097',
    getScopeGroupId: () => 20121,
    getLanguageId: () => 'en_US',
  },
  authToken: 'tok',
};

const settings = {
  backButtonUrl: 'https://portal.example/home',
  searchSectionBackgroundImageFriendlyUrl: {
    defaultUrl: '/documents/bg.jpg',
    sources: [
      { url: '/documents/bg-540.jpg', maxWidth: 540 },
      { url: '/documents/bg-767.jpg', maxWidth: '767' },
    ],
  },
};

describe('readPortalContext', () => {
  it('reads the portal and the global settings', async () => {
    setLiferay(liferay);
    setSettings(settings);
    const warn = vi.spyOn(console, 'warn');
    expect(readPortalContext()).toEqual({
      apiBaseUrl: '',
      companyId: '20097',
      scopeGroupId: '20121',
      languageId: 'en-US',
      backButtonUrl: 'https://portal.example/home',
      background: {
        defaultUrl: 'http://localhost:3000/documents/bg.jpg',
        sources: [
          { url: 'http://localhost:3000/documents/bg-540.jpg', maxWidth: 540 },
          { url: 'http://localhost:3000/documents/bg-767.jpg', maxWidth: 767 },
        ],
      },
      authToken: 'tok',
    });
    await logsWritten();
    expect(warn).not.toHaveBeenCalled();
  });

  it('falls back to defaults with one warning when the page has nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readPortalContext()).toEqual({
      apiBaseUrl: '',
      companyId: '',
      scopeGroupId: '',
      languageId: '',
      backButtonUrl: '/',
      background: null,
      authToken: null,
    });
    await logsWritten();
    // Each reason once, though two fields fell back for each.
    expect(warn).toHaveBeenCalledExactlyOnceWith(
      'Partners Network: using defaults because window.Liferay.ThemeDisplay is missing; window.partnersNetworkSettings is missing or not an object.',
    );
  });

  it('never throws on hostile or broken globals', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setLiferay({
      ThemeDisplay: {
        getCompanyId: () => {
          throw new Error('boom');
        },
        getScopeGroupId: 'not a function',
        getLanguageId: () => ({ toString: () => 'fr_FR' }),
      },
      authToken: 42,
    });
    setSettings({
      backButtonUrl: 'javascript:alert(1)',
      searchSectionBackgroundImageFriendlyUrl: {
        defaultUrl: 'data:image/png;base64,AAAA',
        sources: [],
      },
    });
    const context = readPortalContext();
    expect(context).toMatchObject({
      companyId: '',
      scopeGroupId: '',
      languageId: '',
      authToken: null,
      backButtonUrl: '/',
      background: null,
    });
    await logsWritten();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/backButtonUrl|ThemeDisplay|background/);
  });

  it('drops unsafe or broken picture sources and keeps the rest', () => {
    setLiferay(liferay);
    setSettings({
      ...settings,
      searchSectionBackgroundImageFriendlyUrl: {
        defaultUrl: 'https://cdn.example/bg.jpg',
        sources: [
          { url: 'javascript:alert(1)', maxWidth: 540 },
          { url: 'https://cdn.example/bg-1023.jpg', maxWidth: 1023 },
          { url: 'https://cdn.example/bg-0.jpg', maxWidth: 0 },
        ],
      },
    });
    expect(readPortalContext().background).toEqual({
      defaultUrl: 'https://cdn.example/bg.jpg',
      sources: [{ url: 'https://cdn.example/bg-1023.jpg', maxWidth: 1023 }],
    });
  });

  it('lets overrides win and does not warn about what they replace', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setSettings(settings);
    const context = readPortalContext({
      companyId: '1',
      scopeGroupId: '2',
      apiBaseUrl: 'https://api.example',
      languageId: undefined,
    });
    expect(context).toMatchObject({
      companyId: '1',
      scopeGroupId: '2',
      apiBaseUrl: 'https://api.example',
      languageId: '',
    });
    await logsWritten();
    expect(warn).not.toHaveBeenCalled();
  });

  it('replaces every underscore of the language id', () => {
    setLiferay({
      ...liferay,
      ThemeDisplay: { ...liferay.ThemeDisplay, getLanguageId: () => 'zh_Hant_TW' },
    });
    setSettings(settings);
    expect(readPortalContext().languageId).toBe('zh-Hant-TW');
  });

  it('keeps the good getters and the authToken when one getter is not a function', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    setLiferay({ ...liferay, ThemeDisplay: { ...liferay.ThemeDisplay, getScopeGroupId: 20121 } });
    setSettings(settings);
    expect(readPortalContext()).toMatchObject({
      companyId: '20097',
      scopeGroupId: '',
      languageId: 'en-US',
      authToken: 'tok',
    });
    await logsWritten();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('getScopeGroupId() gave no id');
  });
});
