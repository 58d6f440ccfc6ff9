import { afterEach, describe, expect, it, vi } from 'vitest';
import { logsWritten } from '../../test/logsWritten';
import { formatText as formatLater, logError, logWarning } from '../log';
import { LOG_TEXTS, formatText } from '../logTexts';
import type { TextCode } from '../logTexts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the console texts (logTexts.ts)', () => {
  it('gives every text a code of its own', () => {
    const codes = Object.values(LOG_TEXTS).map(([code]) => code);
    expect(new Set(codes).size).toBe(codes.length);
    // Numbered in order, so the next text's code is plain to see.
    expect(codes).toEqual(codes.map((_, index) => index));
  });

  it('writes a text with its data, and a list of texts inside one', () => {
    expect(formatText([18 satisfies TextCode<'attributeNotANumber'>, 'company-id'])).toBe(
      'company-id is not a number',
    );
    expect(
      formatText([
        16 satisfies TextCode<'attributesIgnored'>,
        [
          [18 satisfies TextCode<'attributeNotANumber'>, 'company-id'],
          [22 satisfies TextCode<'attributeUrlState'>],
        ],
      ]),
    ).toBe(
      'ignoring attributes: company-id is not a number; url-state is neither "url" nor "memory".',
    );
    expect(
      formatText([
        7 satisfies TextCode<'savedSearchShape'>,
        [{ path: ['radiusKm'], keyword: 'minimum', expected: 0.1 }],
        true,
      ]),
    ).toBe(
      "ignoring the search parameter's location and sort only: wrong shape: radiusKm: less than 0.1.",
    );
  });

  it('writes a warning with the prefix and its details, once the words are in', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const error = new Error('quota');
    logWarning([8 satisfies TextCode<'urlNotUpdated'>], error);
    // Not in the call's task: the words are a chunk.
    expect(warn).not.toHaveBeenCalled();
    await logsWritten();
    expect(warn).toHaveBeenCalledExactlyOnceWith(
      'Partners Network: could not update the URL.',
      error,
    );
    await expect(formatLater([6 satisfies TextCode<'savedSearchNotJson'>])).resolves.toBe(
      'ignoring the search parameter: it is not JSON.',
    );
  });

  it('writes an error with the prefix and its details, and gives its words', async () => {
    const write = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = new Error('offline');
    const written = logError([41 satisfies TextCode<'messagesNotLoaded'>, 'contact'], error);
    expect(write).not.toHaveBeenCalled();
    await expect(written).resolves.toBe('contact messages not loaded, showing en-US:');
    expect(write).toHaveBeenCalledExactlyOnceWith(
      'Partners Network: contact messages not loaded, showing en-US:',
      error,
    );
    // The page's own catalogue names no part.
    expect(formatText([41 satisfies TextCode<'messagesNotLoaded'>])).toBe(
      'messages not loaded, showing en-US:',
    );
  });
});
