import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChipList } from '../ui/ChipList';
import { SelectedChips } from '../ui/SelectedChips';

const chips = [
  { id: 1, name: 'Europe' },
  { id: 2, name: 'Gold' },
];

describe('SelectedChips', () => {
  it('renders nothing without chips or input', () => {
    const { container } = render(<SelectedChips chips={[]} onRemove={vi.fn()} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('removes a chip by its Remove button', async () => {
    const onRemove = vi.fn<(id: number) => void>();
    const user = userEvent.setup();
    render(<SelectedChips chips={chips} onRemove={onRemove} List={ChipList} />);
    expect(screen.getByRole('list', { name: 'Selected filters' })).toHaveTextContent('Europe');
    await user.click(screen.getByRole('button', { name: 'Remove Gold' }));
    expect(onRemove).toHaveBeenCalledExactlyOnceWith(2);
  });

  it('adds a chip by name with Enter (key code 13) only; comma and Tab do not separate', async () => {
    const onAdd = vi.fn<(id: number) => void>();
    const user = userEvent.setup();
    render(
      <SelectedChips
        chips={[]}
        onRemove={vi.fn()}
        available={[{ id: 7, name: 'Asia' }]}
        onAdd={onAdd}
      />,
    );
    const input = screen.getByRole('combobox', { name: 'Add a filter by name' });
    await user.type(input, 'asia,');
    await user.tab();
    expect(onAdd).not.toHaveBeenCalled();
    await user.clear(input);
    await user.type(input, 'asia');
    await user.keyboard('{Enter}');
    expect(onAdd).toHaveBeenCalledExactlyOnceWith(7);
    expect(input).toHaveValue('');
  });

  it('shows the chips once their part (a chunk) has come', () => {
    const props = { chips, onRemove: vi.fn(), available: [], onAdd: vi.fn() };
    const { rerender } = render(<SelectedChips {...props} />);
    // Not come yet: the input is there, no chip yet.
    expect(screen.queryByRole('list', { name: 'Selected filters' })).not.toBeInTheDocument();
    rerender(<SelectedChips {...props} List={ChipList} />);
    expect(screen.getByRole('list', { name: 'Selected filters' })).toHaveTextContent(
      'Europe×Gold×',
    );
  });
});
