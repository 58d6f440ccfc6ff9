import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SEARCH_TEXT_INVALID_MESSAGE } from '@partners-network/contract';
import { SearchPanel } from '../ui/SearchPanel';

function setup(text = '') {
  const onSubmit = vi.fn<(text: string) => void>();
  const user = userEvent.setup();
  const view = render(<SearchPanel text={text} onSubmit={onSubmit} />);
  const input = screen.getByRole('textbox', { name: 'Search partners' });
  return { onSubmit, user, input, view };
}

describe('SearchPanel', () => {
  it('has the heading, a search form labelled PreferredPartners and the labelled field', () => {
    const { input } = setup();
    expect(screen.getByRole('heading', { name: 'Partners Network' })).toBeInTheDocument();
    expect(screen.getByRole('search', { name: 'PreferredPartners' })).toBeInTheDocument();
    expect(input).toHaveAttribute('placeholder', 'Search partners');
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
  });

  it('shows the clear button only while the field is non-empty; clearing emits an empty search', async () => {
    const { user, input, onSubmit } = setup();
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
    await user.type(input, 'acme');
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(onSubmit).toHaveBeenLastCalledWith('');
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });

  it('emits the trimmed text when Enter is released, once', async () => {
    const { user, input, onSubmit } = setup();
    await user.type(input, '  cloud partners  ');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.keyboard('{Enter>}');
    // Pressed but not released: nothing yet (SPEC: recognised on key release).
    expect(onSubmit).not.toHaveBeenCalled();
    await user.keyboard('{/Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('cloud partners');
  });

  it('ignores an Enter release whose press happened elsewhere', async () => {
    const { user, input, onSubmit } = setup();
    await user.type(input, 'acme');
    await user.keyboard('{/Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('emits the trimmed text when Search is clicked', async () => {
    const { user, input, onSubmit } = setup();
    await user.type(input, ' Zürich ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith('Zürich');
  });

  it('flags invalid text: red state, exact tooltip, Search disabled, nothing emitted', async () => {
    const { user, input, onSubmit } = setup();
    await user.type(input, 'acme<script>');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(SEARCH_TEXT_INVALID_MESSAGE);
    expect(screen.getByRole('tooltip')).toHaveTextContent(SEARCH_TEXT_INVALID_MESSAGE);
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSubmit).not.toHaveBeenCalled();

    await user.clear(input);
    await user.type(input, 'acme');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Search' })).toBeEnabled();
  });

  it('flags text longer than 150 characters', async () => {
    const { user, input } = setup();
    await user.click(input);
    await user.paste('a'.repeat(151));
    expect(screen.getByRole('tooltip')).toHaveTextContent(SEARCH_TEXT_INVALID_MESSAGE);
    expect(screen.getByRole('button', { name: 'Search' })).toBeDisabled();
  });

  it('accepts accented letters, œ, digits, hyphen, underscore and apostrophe', async () => {
    const { user, input, onSubmit } = setup();
    await user.type(input, "Cœur d'Éire_2-ÿ{Enter}");
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(onSubmit).toHaveBeenCalledExactlyOnceWith("Cœur d'Éire_2-ÿ");
  });

  it('fills the field from outside text and shows the clear button', () => {
    const onSubmit = vi.fn();
    const { rerender } = render(<SearchPanel text="" onSubmit={onSubmit} />);
    rerender(<SearchPanel text="saved text" onSubmit={onSubmit} />);
    expect(screen.getByRole('textbox', { name: 'Search partners' })).toHaveValue('saved text');
    expect(screen.getByRole('button', { name: 'Clear search' })).toBeInTheDocument();
  });

  it('does not overwrite typing when its own search comes back as the outside text', async () => {
    const { user, input, onSubmit, view } = setup();
    await user.type(input, 'acme{Enter}');
    await user.type(input, ' cloud');
    view.rerender(<SearchPanel text="acme" onSubmit={onSubmit} />);
    expect(input).toHaveValue('acme cloud');
  });

  it('empties the field on a reset signal even when the outside text is unchanged', async () => {
    const { user, input, onSubmit, view } = setup();
    await user.type(input, 'draft');
    view.rerender(<SearchPanel text="" resetSignal={1} onSubmit={onSubmit} />);
    expect(input).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Clear search' })).not.toBeInTheDocument();
  });
});
