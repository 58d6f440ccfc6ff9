import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ChipList } from '../ui/ChipList';
import { SelectedChips } from '../ui/SelectedChips';
import type { Chip } from '../ui/SelectedChips';

const all: Chip[] = [
  { id: 1, name: 'Europe' },
  { id: 2, name: 'Gold' },
  { id: 3, name: 'Retail' },
];

function Chips({ withInput }: { withInput: boolean }) {
  const [chips, setChips] = useState(all);
  const remove = (id: number) => setChips((list) => list.filter((chip) => chip.id !== id));
  return withInput ? (
    <SelectedChips
      chips={chips}
      onRemove={remove}
      available={[]}
      onAdd={() => {}}
      List={ChipList}
    />
  ) : (
    <SelectedChips chips={chips} onRemove={remove} List={ChipList} />
  );
}

describe('SelectedChips focus after a removal (keyboard)', () => {
  it('goes to the next chip, then the previous one, then the chip input', async () => {
    const user = userEvent.setup();
    render(<Chips withInput />);
    screen.getByRole('button', { name: 'Remove Gold' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove Retail' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Remove Europe' })).toHaveFocus();
    await user.keyboard(' ');
    expect(screen.getByRole('combobox', { name: 'Add a filter by name' })).toHaveFocus();
  });
});
