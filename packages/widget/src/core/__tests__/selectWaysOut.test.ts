import { describe, expect, it } from 'vitest';
import type { ZeroResultStep } from '@partners-network/contract';
import { selectWaysOut } from '../selectWaysOut';

const filterGroups = [
  {
    name: 'Region',
    filterItems: [
      { id: 1, name: 'Europe' },
      { id: 2, name: 'Asia' },
    ],
  },
];

function step(remove: ZeroResultStep['remove'], totalFound: number): ZeroResultStep {
  return { remove, text: 'cloud clod', filterItemIds: [1], totalFound };
}

const steps: ZeroResultStep[] = [
  step({ filterItemId: 2 }, 4),
  step({ text: 'cloud clod' }, 190),
  step({ word: 'clod' }, 0),
  step({ word: 'cloud' }, 4),
  step({ filterItemId: 1 }, 12),
];

function state(zeroResultSteps: ZeroResultStep[] | undefined, cards = 0) {
  return {
    filterGroups,
    cards: Array.from({ length: cards }, () => ({
      key: '',
      title: '',
      summary: '',
      imageUrl: null,
      href: null,
      categories: [],
      marks: { title: [], summary: [] },
    })),
    facets: { filterGroups, zeroResultSteps },
  };
}

describe('selectWaysOut', () => {
  it('offers the three steps that find the most, named, none that finds nothing', () => {
    expect(selectWaysOut(state(steps))).toEqual([
      { kind: 'text', name: '', count: 190, text: 'cloud clod', filterItemIds: [1] },
      { kind: 'item', name: 'Europe', count: 12, text: 'cloud clod', filterItemIds: [1] },
      // Equal counts keep the server's order.
      { kind: 'item', name: 'Asia', count: 4, text: 'cloud clod', filterItemIds: [1] },
    ]);
  });

  it('names a word step by its word', () => {
    expect(selectWaysOut(state([step({ word: 'clod' }, 3)]))).toMatchObject([
      { kind: 'word', name: 'clod', count: 3 },
    ]);
  });

  it('offers nothing while cards show, or when the answer has no steps', () => {
    expect(selectWaysOut(state(steps, 2))).toEqual([]);
    expect(selectWaysOut(state(undefined))).toEqual([]);
    expect(selectWaysOut({ ...state(steps), facets: null })).toEqual([]);
  });
});

describe('the wider radius (issue 25)', () => {
  const wider: ZeroResultStep = {
    remove: { radiusKm: 40.234 },
    radiusKm: 250,
    text: '',
    filterItemIds: [1],
    totalFound: 12,
  };

  it('is a step of its own, its radius in the locale unit', () => {
    const state = { cards: [], filterGroups, facets: { filterGroups, zeroResultSteps: [wider] } };
    expect(selectWaysOut(state, 'de-DE')).toEqual([
      { kind: 'radius', name: '250 km', count: 12, text: '', filterItemIds: [1], radiusKm: 250 },
    ]);
    expect(selectWaysOut(state, 'en-US')[0]?.name).toBe('155 mi');
  });
});
