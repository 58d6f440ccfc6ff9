import { describe, expect, it } from 'vitest';
import { Fragment } from 'react';
import { render, screen } from '@testing-library/react';
import { jsxFactory } from '../jsxFactory';

describe('jsxFactory (the page scripts’ JSX)', () => {
  it('renders children given as arguments, in their order, with keys and a fragment', () => {
    const items = ['Alpha', 'Beta'].map((name) => jsxFactory('li', { key: name }, name));
    render(
      jsxFactory(
        Fragment,
        null,
        jsxFactory('h2', null, 'Partners'),
        jsxFactory('ul', { 'aria-label': 'Partners list' }, ...items),
      ),
    );
    expect(screen.getByRole('heading', { name: 'Partners' })).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Partners list' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(['Alpha', 'Beta']);
  });

  it('builds the element the automatic runtime builds: key out of props, one child not in an array', () => {
    const element = jsxFactory('p', { key: 'k', className: 'c' }, 'text');
    expect(element.key).toBe('k');
    expect(element.props).toEqual({ className: 'c', children: 'text' });
    const withoutChildren = jsxFactory('input', { children: 'kept' });
    expect(withoutChildren.props).toEqual({ children: 'kept' });
    expect(jsxFactory('br', null).props).toEqual({});
  });
});
