/**
 * When the texts' chunk cannot come (the network has gone), a warning or an ApiError still
 * says which text it is and all its data: nothing is lost, and logTexts.ts reads it.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiError } from '../ApiError';
import { formatText, logError, logWarning } from '../log';
import type { TextCode } from '../logTexts';

// What a dynamic import does when the network is gone: it rejects.
vi.mock('../logTexts', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the console texts without their chunk', () => {
  it('write the code and the data', async () => {
    await expect(
      formatText([18 satisfies TextCode<'attributeNotANumber'>, 'company-id']),
    ).resolves.toBe('text [18,"company-id"] (core/logTexts.ts)');
    const error = await createApiError(
      'network',
      [1 satisfies TextCode<'apiNoAnswer'>, 'POST /search', false, 'Failed to fetch'],
      null,
    );
    expect(error).toMatchObject({
      kind: 'network',
      message: 'text [1,"POST /search",false,"Failed to fetch"] (core/logTexts.ts)',
    });
  });

  it('still write the warning, with its details', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const cause = new Error('quota');
    logWarning([8 satisfies TextCode<'urlNotUpdated'>], cause);
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(warn).toHaveBeenCalledExactlyOnceWith(
      'Partners Network: text [8] (core/logTexts.ts)',
      cause,
    );
  });

  it('still write the error, with the error itself, and give the words for the error state', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const cause = new TypeError('Failed to fetch');
    const words = 'text [34,"POST /search failed: Failed to fetch"] (core/logTexts.ts)';
    await expect(
      logError(
        [34 satisfies TextCode<'searchFailed'>, 'POST /search failed: Failed to fetch'],
        cause,
      ),
    ).resolves.toBe(words);
    expect(error).toHaveBeenCalledExactlyOnceWith(`Partners Network: ${words}`, cause);
  });
});
