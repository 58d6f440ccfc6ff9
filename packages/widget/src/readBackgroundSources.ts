/**
 * The element's `background-sources`, read by a chunk of its own: readElementAttributes.ts
 * asks for it only when the element has that attribute beside a `background-url`, and the
 * first render waits for it (the first requests do not), so a page without it never loads
 * this parser (bench/README.md, bgsrc17).
 */
import { backgroundSourcesDataSchema, parseData } from '@partners-network/contract';
import type { LogText, TextCode } from './core/logTexts';
import { toPictureSources } from './core/toPictureSources';
import type { Picture, PortalContext } from './core/types';

/** `/hero-540.jpg 540w, /hero-1023.jpg 1023w`: like srcset, each width is a max-width. */
const SRCSET_CANDIDATE = /^(\S+)\s+(\d+)w$/;

/**
 * `background-sources`: a JSON array `[{"url": "...", "maxWidth": 540}]` or the
 * srcset-like list `url 540w, url 1023w` (a comma inside a URL must be written %2C).
 * Unsafe URLs and widths that are not positive whole numbers are dropped.
 * Returns null when the value cannot be read at all.
 */
export function parseBackgroundSources(value: string): Picture['sources'] | null {
  const text = value.trim();
  if (text === '') return [];
  let raw: { url: string; maxWidth: number | string }[];
  if (text.startsWith('[')) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return null;
    }
    // The contract's schema of this attribute, so the shape is written down once.
    const parsed = parseData(backgroundSourcesDataSchema, json);
    if (!parsed.success) return null;
    raw = parsed.data;
  } else {
    raw = [];
    for (const candidate of text.split(',')) {
      const match = SRCSET_CANDIDATE.exec(candidate.trim());
      if (!match?.[1] || !match[2]) return null;
      raw.push({ url: match[1], maxWidth: match[2] });
    }
  }
  return toPictureSources(raw);
}

/**
 * Reads `background-sources` into the picture of `background-url` in `context` (none when
 * that was unusable), or, when the value cannot be read, puts its problem at `at` in the
 * attributes' problems (the line is written after this).
 */
export function readBackgroundSources(
  value: string,
  context: Partial<PortalContext>,
  problems: LogText[],
  at: number,
): void {
  const sources = parseBackgroundSources(value);
  if (sources === null) problems.splice(at, 0, [20 satisfies TextCode<'attributeSources'>]);
  else if (context.background) context.background.sources = sources;
}
