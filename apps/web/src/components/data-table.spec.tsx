import { describe, expect, it, jest } from '@jest/globals';
import { Table } from '@radix-ui/themes';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { DataTable, nextSort, type DataTableColumn } from './data-table';

const columns: DataTableColumn[] = [
  { id: 'products.column.product', sortKey: 'name' },
  { id: 'products.column.category' },
  { id: 'products.column.price', sortKey: 'price', firstDirection: 'desc' },
];

function renderTable(sort: string | undefined, onSortChange?: (sort: string) => void, language: 'en' | 'ar' = 'en') {
  return renderWithProviders(
    <DataTable
      label="Products"
      columns={columns}
      isLoading={false}
      rows={['a']}
      renderRow={(row) => (
        <Table.Row key={row}>
          <Table.Cell>{row}</Table.Cell>
        </Table.Row>
      )}
      empty="None"
      sort={sort}
      onSortChange={onSortChange}
    />,
    { language },
  );
}

describe('nextSort', () => {
  it('starts a column in its first direction, then turns it around', () => {
    expect(nextSort(undefined, { sortKey: 'name' })).toBe('name');
    expect(nextSort('-price', { sortKey: 'name' })).toBe('name');
    expect(nextSort('name', { sortKey: 'name' })).toBe('-name');
    expect(nextSort('-name', { sortKey: 'name' })).toBe('name');
    expect(nextSort('name', { sortKey: 'price', firstDirection: 'desc' })).toBe('-price');
    expect(nextSort('-price', { sortKey: 'price', firstDirection: 'desc' })).toBe('price');
  });
});

describe('DataTable sorting', () => {
  it('says which column orders the rows and which way, and sorts by another on a click', () => {
    const onSortChange = jest.fn<(sort: string) => void>();
    renderTable('-name', onSortChange);
    const product = screen.getByRole('columnheader', { name: 'Product' });
    expect(product.getAttribute('aria-sort')).toBe('descending');
    expect(screen.getByRole('columnheader', { name: 'Price' }).getAttribute('aria-sort')).toBe('none');
    expect(screen.getByRole('columnheader', { name: 'Category' }).hasAttribute('aria-sort')).toBe(false);
    expect(screen.queryByRole('button', { name: 'Category' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Product' }));
    expect(onSortChange).toHaveBeenLastCalledWith('name');
    fireEvent.click(screen.getByRole('button', { name: 'Price' }));
    expect(onSortChange).toHaveBeenLastCalledWith('-price');
  });

  it('works in Arabic too', () => {
    const onSortChange = jest.fn<(sort: string) => void>();
    renderTable('price', onSortChange, 'ar');
    const price = screen.getByRole('columnheader', { name: 'السعر' });
    expect(price.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: 'السعر' }));
    expect(onSortChange).toHaveBeenLastCalledWith('-price');
  });

  it('draws plain headers when nothing handles a sort', () => {
    renderTable('name');
    expect(screen.queryByRole('button', { name: 'Product' })).toBeNull();
    expect(screen.getByRole('columnheader', { name: 'Product' }).hasAttribute('aria-sort')).toBe(false);
  });
});
