import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { VISIBLE_FILTER_ITEMS, VISIBLE_GLOBAL_FILTERS } from '../core/types';
import { FilterPanel } from '../ui/FilterPanel';
import type { FilterPanelProps } from '../ui/FilterPanel';

const globalFilters = ['all', 'tech', 'service', 'reseller', 'cloud', 'training', 'legacy'].map(
  (name) => ({ name, label: `Label ${name}` }),
);
const regions = [
  'Europe',
  'Asia',
  'Africa',
  'Oceania',
  'North America',
  'South America',
  'Antarctica',
];
const groups = [
  { name: 'Region', filterItems: regions.map((name, index) => ({ id: 100 + index, name })) },
  {
    name: 'Level',
    filterItems: ['Gold', 'Silver'].map((name, index) => ({ id: 200 + index, name })),
  },
];

function setup(props: Partial<FilterPanelProps> = {}) {
  const onSelectGlobalFilter = vi.fn<(name: string) => void>();
  const onToggleItem = vi.fn<(id: number) => void>();
  const user = userEvent.setup();
  const all: FilterPanelProps = {
    globalFilters,
    selectedGlobalFilter: 'all',
    groups,
    selectedItemIds: [],
    onSelectGlobalFilter,
    onToggleItem,
    visibleItems: VISIBLE_FILTER_ITEMS,
    visibleGlobalFilters: VISIBLE_GLOBAL_FILTERS,
    ...props,
  };
  const view = render(<FilterPanel {...all} />);
  return { user, onSelectGlobalFilter, onToggleItem, view, props: all };
}

function group(name: string) {
  return screen.getByRole('group', { name });
}

describe('FilterPanel', () => {
  it('is a region titled Search filters', () => {
    setup();
    expect(screen.getByRole('region', { name: 'Search filters' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Search filters' })).toBeInTheDocument();
  });

  it('shows global filters as one exclusive radio group, 5 visible then View More', async () => {
    const { user, onSelectGlobalFilter, view, props } = setup();
    const radios = within(group('Partner type')).getAllByRole('radio');
    expect(radios).toHaveLength(5);
    expect(within(group('Partner type')).getByRole('radio', { name: 'Label all' })).toBeChecked();

    await user.click(within(group('Partner type')).getByRole('radio', { name: 'Label tech' }));
    expect(onSelectGlobalFilter).toHaveBeenCalledExactlyOnceWith('tech');
    view.rerender(<FilterPanel {...props} selectedGlobalFilter="tech" />);
    const checked = within(group('Partner type'))
      .getAllByRole('radio')
      .filter((radio) => radio instanceof HTMLInputElement && radio.checked);
    expect(checked).toHaveLength(1);
    expect(within(group('Partner type')).getByRole('radio', { name: 'Label tech' })).toBeChecked();

    await user.click(screen.getByRole('button', { name: 'View more Partner type' }));
    expect(within(group('Partner type')).getAllByRole('radio')).toHaveLength(7);
  });

  it('folds a group of more than 5 items behind View More, then offers View Less', async () => {
    const { user } = setup();
    const region = group('Region');
    expect(within(region).getAllByRole('checkbox')).toHaveLength(5);
    expect(within(region).queryByRole('checkbox', { name: 'South America' })).toBeNull();

    const more = within(region).getByRole('button', { name: 'View more Region' });
    expect(more).toHaveTextContent('View More');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);

    expect(within(region).getAllByRole('checkbox')).toHaveLength(7);
    const less = within(region).getByRole('button', { name: 'View less Region' });
    expect(less).toHaveTextContent('View Less');
    expect(less).toHaveAttribute('aria-expanded', 'true');
    await user.click(less);
    expect(within(region).getAllByRole('checkbox')).toHaveLength(5);
  });

  it('has no View More for a group of 5 or fewer items', () => {
    setup();
    expect(within(group('Level')).queryByRole('button')).toBeNull();
    expect(within(group('Level')).getAllByRole('checkbox')).toHaveLength(2);
  });

  it('starts a group expanded when a selected item is beyond the fifth', () => {
    setup({ selectedItemIds: [106] });
    const region = group('Region');
    expect(within(region).getAllByRole('checkbox')).toHaveLength(7);
    expect(within(region).getByRole('checkbox', { name: 'Antarctica' })).toBeChecked();
    expect(within(region).getByRole('button', { name: 'View less Region' })).toBeInTheDocument();
  });

  it('starts the global filters expanded when the selected one is beyond the fifth', () => {
    setup({ selectedGlobalFilter: 'legacy' });
    expect(
      within(group('Partner type')).getByRole('radio', { name: 'Label legacy' }),
    ).toBeChecked();
  });

  it('toggles filter items by id', async () => {
    const { user, onToggleItem } = setup({ selectedItemIds: [200] });
    expect(screen.getByRole('checkbox', { name: 'Gold' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Silver' }));
    expect(onToggleItem).toHaveBeenCalledExactlyOnceWith(201);
    await user.click(screen.getByRole('checkbox', { name: 'Gold' }));
    expect(onToggleItem).toHaveBeenLastCalledWith(200);
  });

  describe('with the counts of an answer', () => {
    const itemCounts = new Map(
      [...regions.map((_, index) => 100 + index), 200, 201].map((id) => [
        id,
        { count: id === 102 ? 0 : id === 101 ? 1 : id },
      ]),
    );
    const globalFilterCounts = new Map(globalFilters.map((f, i) => [f.name, { count: i * 10 }]));

    it('shows each count and says it in the accessible name', () => {
      setup({ itemCounts, globalFilterCounts });
      const europe = screen.getByRole('checkbox', { name: 'Europe, 100 partners' });
      expect(europe.closest('label')).toHaveTextContent('Europe100, 100 partners');
      expect(screen.getByRole('checkbox', { name: 'Asia, 1 partner' })).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: 'Label tech, 10 partners' })).toBeInTheDocument();
    });

    it('keeps an item that would give no partner in its place, saying so', () => {
      setup({ itemCounts });
      const names = within(group('Region'))
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent);
      expect(names.slice(0, 3)).toEqual([
        'Europe100, 100 partners',
        'Asia1, 1 partner',
        'Africa0, 0 partners',
      ]);
      const africa = screen.getByRole('checkbox', { name: 'Africa, 0 partners' });
      expect(africa).toBeEnabled();
      expect(africa.closest('label')).toHaveAttribute('data-empty');
    });

    it('shows no count where the answer has none', () => {
      setup({ itemCounts: new Map() });
      expect(screen.getByRole('checkbox', { name: 'Europe' })).toBeInTheDocument();
    });

    it('keeps a ticked item beyond the fifth visible when the group is folded', async () => {
      const { user } = setup({ selectedItemIds: [106], itemCounts });
      const region = group('Region');
      await user.click(within(region).getByRole('button', { name: 'View less Region' }));
      // The first five, and the ticked seventh: never hidden behind View More.
      expect(
        within(region)
          .getAllByRole('checkbox')
          .map((box) => box.getAttribute('value')),
      ).toEqual(['100', '101', '102', '103', '104', '106']);
      expect(within(region).getByRole('checkbox', { name: /^Antarctica/ })).toBeChecked();
      expect(within(region).getByRole('button', { name: 'View more Region' })).toBeInTheDocument();
    });
  });
});
