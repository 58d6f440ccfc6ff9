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
  const portal = liferay.success ? liferay.data : undefined;
  const themeDisplay = portal?.ThemeDisplay;
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
  const authToken = portal?.authToken;

  const parsedSettings = parseData(
    portalSettingsDataSchema,
    Reflect.get(win, 'partnersNetworkSettings'),
  );
  const settings = parsedSettings.success ? parsedSettings.data : undefined;
  if (!settings) {
    const missing: LogText = [12 satisfies TextCode<'portalNoSettings'>];
    note('backButtonUrl', missing);
    note('background', missing);
  }
  const rawBackButtonUrl = settings?.backButtonUrl;
  let backButtonUrl = DEFAULT_BACK_BUTTON_URL;
  if (typeof rawBackButtonUrl === 'string' && sanitizeUrl(rawBackButtonUrl) !== null) {
    backButtonUrl = rawBackButtonUrl.trim();
  } else {
    note('backButtonUrl', [13 satisfies TextCode<'portalBackButtonUrl'>]);
  }
  let background: Picture | null = null;
  const rawPicture = settings?.searchSectionBackgroundImageFriendlyUrl;
  if (rawPicture !== undefined && rawPicture !== null) {
    const picture = parseData(backgroundPictureDataSchema, rawPicture);
    const defaultUrl = picture.success && sanitizeUrl(picture.data.defaultUrl);
    if (!picture.success) note('background', [14 satisfies TextCode<'portalPictureShape'>]);
    else if (!defaultUrl) note('background', [15 satisfies TextCode<'portalPictureUrl'>]);
    else background = { defaultUrl, sources: toPictureSources(picture.data.sources ?? []) };
  }

  const context: PortalContext = {
    apiBaseUrl: '',
    companyId: companyId ?? '',
    scopeGroupId: scopeGroupId ?? '',
    // 'en_US' -> 'en-US'; a portal without a language id gives '' (SPEC 1).
    languageId: (callGetter(themeDisplay?.getLanguageId) ?? '').replace(/_/g, '-'),
    backButtonUrl,
    background,
    authToken: typeof authToken === 'string' && authToken !== '' ? authToken : null,
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
