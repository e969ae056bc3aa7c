import { describe, expect, it } from '@jest/globals';
import { createMemoryHistory, createRootRoute, createRouter, RouterContextProvider } from '@tanstack/react-router';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { z } from 'zod';
import { choiceParam, idParam, pageParam, textParam, useListSearch } from './list-search';

const schema = z.object({
  page: pageParam,
  q: textParam,
  sort: choiceParam(['name', '-name', 'price', '-price']),
  pharmacy: idParam,
});
const defaults = { sort: 'name' } as const;
const PHARMACY = '3f2a9c1e-0000-4000-8000-00000000abcd';

function List() {
  const list = useListSearch(schema, defaults, { debounceMs: 20 });
  return (
    <>
      <input aria-label="Search" value={list.text} onChange={(event) => list.setText(event.target.value)} />
      <output>{JSON.stringify({ page: list.page, q: list.q, ...list.values })}</output>
      <button onClick={() => list.setPage(3)}>Page 3</button>
      <button onClick={() => list.update({ sort: '-price' })}>By price</button>
      <button onClick={() => list.update({ sort: 'name', pharmacy: PHARMACY })}>One pharmacy</button>
    </>
  );
}

function renderAt(path: string) {
  const router = createRouter({
    routeTree: createRootRoute(),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  render(
    <RouterContextProvider router={router}>
      <List />
    </RouterContextProvider>,
  );
  return {
    router,
    shown: () => JSON.parse(screen.getByRole('status').textContent ?? '{}') as Record<string, unknown>,
    address: () => router.state.location.searchStr,
  };
}

describe('useListSearch', () => {
  it('reads the list from the address, with the defaults for what it leaves out', () => {
    const { shown } = renderAt(`/?page=2&q=amox&sort=-price&pharmacy=${PHARMACY}`);
    expect(shown()).toEqual({ page: 2, q: 'amox', sort: '-price', pharmacy: PHARMACY });
    expect((screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement).value).toBe('amox');
  });

  it('falls back to the defaults for values it cannot use, and reads a number typed as the search as text', () => {
    const { shown } = renderAt('/?page=0&q=123&sort=colour&pharmacy=downtown');
    expect(shown()).toEqual({ page: 1, q: '123', sort: 'name' });
  });

  it('writes changes into the address without the defaults, a new order or filter from the first page', () => {
    const { shown, address } = renderAt('/');
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(address()).toBe('?page=3');
    fireEvent.click(screen.getByRole('button', { name: 'By price' }));
    expect(address()).toBe('?sort=-price');
    fireEvent.click(screen.getByRole('button', { name: 'One pharmacy' }));
    expect(address()).toBe(`?pharmacy=${PHARMACY}`);
    expect(shown()).toMatchObject({ page: 1, sort: 'name', pharmacy: PHARMACY });
  });

  it('searches once typing pauses, from the first page, which shows at once', async () => {
    const { shown, address } = renderAt('/?page=3&sort=price');
    const box = screen.getByRole('textbox', { name: 'Search' });
    fireEvent.change(box, { target: { value: 'a' } });
    expect(address()).toBe('?sort=price');
    fireEvent.change(box, { target: { value: ' amox ' } });
    expect(shown()).toMatchObject({ q: '' });
    await waitFor(() => expect(address()).toBe('?sort=price&q=amox'));
    expect(shown()).toMatchObject({ page: 1, q: 'amox' });
    expect((box as HTMLInputElement).value).toBe(' amox ');
  });

  it('shows a search it did not write (the back button, a link) in the box', async () => {
    const { router } = renderAt('/?q=amox');
    await act(() => router.navigate({ to: '/', search: { q: 'zinc' } as never }));
    expect((screen.getByRole('textbox', { name: 'Search' }) as HTMLInputElement).value).toBe('zinc');
  });
});
