import { describe, expect, it } from 'vitest';
import type { AnswerPage } from '../answerId';
import { ANSWER_ID_MAX_LENGTH, decodeAnswerId, encodeAnswerId, partnerAt } from '../answerId';

const page: AnswerPage = {
  locale: 'fr-FR',
  text: 'societe generale',
  globalFilter: 'technology-partners',
  itemIds: [4, 30],
  offset: 10,
  partnerIds: [812, 77, 9003],
};

/** An id over any JSON, as a forger would make one. */
function forged(fields: unknown): string {
  return `1.${Buffer.from(JSON.stringify(fields)).toString('base64url')}`;
}

describe('an answer id', () => {
  it('reads back what it was made of, and is URL-safe text', () => {
    const id = encodeAnswerId(page);
    expect(id).toMatch(/^1\.[A-Za-z0-9_-]+$/);
    expect(decodeAnswerId(id)).toEqual(page);
    expect(decodeAnswerId(encodeAnswerId({ ...page, text: null }))).toEqual({
      ...page,
      text: null,
    });
  });

  it('names the partner at a position of the whole list when it is on the page', () => {
    expect(partnerAt(page, 11)).toBe(812);
    expect(partnerAt(page, 13)).toBe(9003);
    expect(partnerAt(page, 10)).toBeUndefined();
    expect(partnerAt(page, 14)).toBeUndefined();
  });

  it('is refused when it is not one this server could have made', () => {
    const valid = ['fr-FR', 'cloud', 'tech', [1], 0, [5]];
    for (const id of [
      '',
      'not an id',
      '2.' + encodeAnswerId(page).slice(2),
      '1.!!!',
      `1.${Buffer.from('{not json').toString('base64url')}`,
      forged({ locale: 'fr-FR' }),
      forged(valid.slice(0, 5)),
      forged([...valid, 'extra']),
      forged(['<script>', ...valid.slice(1)]),
      forged(['fr-FR', 'Cloud', ...valid.slice(2)]),
      forged(['fr-FR', 'a@b', ...valid.slice(2)]),
      forged(['fr-FR', 'x'.repeat(201), ...valid.slice(2)]),
      forged([...valid.slice(0, 4), -1, [5]]),
      forged([...valid.slice(0, 5), [1.5]]),
      forged([...valid.slice(0, 5), Array.from({ length: 101 }, (_, at) => at)]),
      `1.${'A'.repeat(ANSWER_ID_MAX_LENGTH)}`,
    ]) {
      expect(decodeAnswerId(id), id.slice(0, 60)).toBeUndefined();
    }
    expect(decodeAnswerId(forged(valid))).toMatchObject({ text: 'cloud', partnerIds: [5] });
  });

  it('redacts again a text that looks like a phone number (a forged id)', () => {
    expect(decodeAnswerId(forged(['en-US', '030 1234 567', 'tech', [], 0, [5]]))?.text).toBeNull();
  });
});
