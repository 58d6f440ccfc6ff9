/**
 * Reads the page's host: Liferay's ThemeDisplay and authToken, and the global
 * settings object `window.partnersNetworkSettings` (SPEC 3). All of it is outside
 * data, so it is parsed against the contract's portal schemas (`portalSchemas.ts`,
 * through their data twins); a missing or broken part falls back to its default
 * with a console warning and never throws. Overrides (custom element attributes)
 * win over what the window says, and silence warnings about what they replace.
 */
import {
  backgroundPictureDataSchema,
  liferayDataSchema,
  parseData,
  portalIdDataSchema,
  portalSettingsDataSchema,
} from '@partners-network/contract';
import { logWarning } from './log';
import type { LogText, TextCode } from './logTexts';
import { sanitizeUrl } from './sanitizeUrl';
import { toPictureSources } from './toPictureSources';
import type { PortalContext, Picture } from './types';

export const DEFAULT_BACK_BUTTON_URL = '/';

/** A ThemeDisplay getter's id; anything but a function giving a string or number is null. */
function callGetter(getter: unknown): string | null {
  if (typeof getter !== 'function') return null;
  try {
    const id: unknown = getter();
    const parsed = parseData(portalIdDataSchema, id);
    return parsed.success ? String(parsed.data) : null;
  } catch {
    return null;
  }
}

function readPicture(value: unknown): { picture: Picture | null; problem?: LogText } {
  if (value === undefined || value === null) return { picture: null };
  const parsed = parseData(backgroundPictureDataSchema, value);
  if (!parsed.success) {
    return { picture: null, problem: [14 satisfies TextCode<'portalPictureShape'>] };
  }
  const defaultUrl = sanitizeUrl(parsed.data.defaultUrl);
  if (!defaultUrl) return { picture: null, problem: [15 satisfies TextCode<'portalPictureUrl'>] };
  return { picture: { defaultUrl, sources: toPictureSources(parsed.data.sources ?? []) } };
}

export function readPortalContext(
  overrides: Partial<PortalContext> = {},
  win: Window = window,
): PortalContext {
  // Which field fell back to its default, and why.
  const problems = new Map<keyof PortalContext, LogText>();
  const note = (key: keyof PortalContext, why: LogText): void => {
    if (!problems.has(key)) problems.set(key, why);
  };

  const liferay = parseData(liferayDataSchema, Reflect.get(win, 'Liferay'));
  const themeDisplay = liferay.success ? liferay.data.ThemeDisplay : undefined;
  if (!themeDisplay) {
    // One text for both: the warning says it once.
    const missing: LogText = [10 satisfies TextCode<'portalNoThemeDisplay'>];
    note('companyId', missing);
    note('scopeGroupId', missing);
  }
  const companyId = callGetter(themeDisplay?.getCompanyId);
  if (companyId === null) note('companyId', [11 satisfies TextCode<'portalNoId'>, 'getCompanyId']);
  const scopeGroupId = callGetter(themeDisplay?.getScopeGroupId);
  if (scopeGroupId === null) {
    note('scopeGroupId', [11 satisfies TextCode<'portalNoId'>, 'getScopeGroupId']);
  }
  // 'en_US' -> 'en-US'; a portal without a language id gives '' (SPEC 1).
  const languageId = (callGetter(themeDisplay?.getLanguageId) ?? '').replace(/_/g, '-');
  const rawAuthToken = liferay.success ? liferay.data.authToken : undefined;
  const authToken = typeof rawAuthToken === 'string' && rawAuthToken !== '' ? rawAuthToken : null;

  const rawSettings: unknown = Reflect.get(win, 'partnersNetworkSettings');
  const settings = parseData(portalSettingsDataSchema, rawSettings);
  if (!settings.success) {
    const missing: LogText = [12 satisfies TextCode<'portalNoSettings'>];
    note('backButtonUrl', missing);
    note('background', missing);
  }
  const rawBackButtonUrl = settings.success ? settings.data.backButtonUrl : undefined;
  let backButtonUrl = DEFAULT_BACK_BUTTON_URL;
  if (typeof rawBackButtonUrl === 'string' && sanitizeUrl(rawBackButtonUrl) !== null) {
    backButtonUrl = rawBackButtonUrl.trim();
  } else {
    note('backButtonUrl', [13 satisfies TextCode<'portalBackButtonUrl'>]);
  }
  const picture = readPicture(
    settings.success ? settings.data.searchSectionBackgroundImageFriendlyUrl : undefined,
  );
  if (picture.problem) note('background', picture.problem);

  const context: PortalContext = {
    apiBaseUrl: '',
    companyId: companyId ?? '',
    scopeGroupId: scopeGroupId ?? '',
    languageId,
    backButtonUrl,
    background: picture.picture,
    authToken,
  };

  // Every key of the context: an override (set and not undefined) wins over the window.
  for (const key of Object.keys(context) as (keyof PortalContext)[]) {
    if (overrides[key] === undefined) continue;
    problems.delete(key);
    Object.assign(context, { [key]: overrides[key] });
  }
  // A text noted for several keys is one object: said once.
  const why = [...new Set(problems.values())];
  if (why.length > 0) logWarning([9 satisfies TextCode<'portalDefaults'>, why]);
  return context;
}
