import { sanitizeUrl } from './sanitizeUrl';
import type { Picture } from './types';

/**
 * The one check of a background picture's sources, wherever they come from (the portal
 * settings, the element's `background-sources`): an http(s) URL and a positive whole
 * width in CSS pixels (a number or its digits); any other source is dropped.
 */
export function toPictureSources(
  raw: readonly { url: string; maxWidth: number | string }[],
): Picture['sources'] {
  const sources: Picture['sources'] = [];
  for (const source of raw) {
    const url = sanitizeUrl(source.url);
    const maxWidth = Number(source.maxWidth);
    if (url !== null && Number.isInteger(maxWidth) && maxWidth > 0) sources.push({ url, maxWidth });
  }
  return sources;
}
