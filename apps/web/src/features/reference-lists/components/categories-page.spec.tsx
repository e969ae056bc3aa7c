import { afterEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aCategory, CATEGORY_ID } from '../../../test/catalogue';
import { fakeResponse } from '../../../test/fake-response';
import type { FakeHandler } from '../../../test/fake-server';
import { renderSignedIn } from '../../../test/signed-in';
import { aUser } from '../../../test/users';
import { CategoriesPage } from './categories-page';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function renderPage({
  role = 'admin',
  language = 'en',
  routes = {},
}: { role?: 'admin' | 'pharmacist'; language?: 'en' | 'ar'; routes?: Record<string, FakeHandler> } = {}) {
  return renderSignedIn(<CategoriesPage />, {
    user: aUser({ role }),
    language,
    routes: { 'GET /api/categories': () => fakeResponse(200, [aCategory()]), ...routes },
  });
}

describe('Categories', () => {
  it('tells a pharmacist access is denied, without asking the server', () => {
    const { calls } = renderPage({ role: 'pharmacist' });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText('Only administrators can manage categories.')).toBeTruthy();
    expect(calls.filter((call) => call.url.startsWith('/api/categories'))).toEqual([]);
  });

  it('says so in Arabic too', () => {
    renderPage({ role: 'pharmacist', language: 'ar' });
    expect(screen.getByRole('heading', { name: 'تم رفض الوصول' })).toBeTruthy();
    expect(screen.getByText('يمكن للمسؤولين فقط إدارة الفئات.')).toBeTruthy();
  });

  it('lists names in both languages with the description', async () => {
    renderPage();
    const row = (await screen.findByRole('rowheader', { name: 'Analgesics' })).closest('tr')!;
    expect(within(row).getByText('مسكنات الألم')).toBeTruthy();
    expect(within(row).getByText('Pain and fever relief')).toBeTruthy();
  });

  it('shows the empty state', async () => {
    renderPage({ routes: { 'GET /api/categories': () => fakeResponse(200, []) } });
    expect(await screen.findByText('No categories found')).toBeTruthy();
  });

  it('keeps Create disabled until the English name is given, then creates', async () => {
    const { callsTo } = renderPage({
      routes: { 'POST /api/categories': () => fakeResponse(201, aCategory({ id: 'new', name: 'Dermatology' })) },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Category' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Category' });
    const create = within(dialog).getByRole('button', { name: 'Create Category' }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name \(English\)/ }), {
      target: { value: 'Dermatology' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name (Arabic)' }), {
      target: { value: 'الأمراض الجلدية' },
    });
    await waitFor(() => expect(create.disabled).toBe(false));
    fireEvent.click(create);
    expect((await screen.findAllByText('Category created successfully')).length).toBeGreaterThan(0);
    expect(callsTo('POST', '/api/categories')[0]?.body).toEqual({
      name: 'Dermatology',
      nameAr: 'الأمراض الجلدية',
      description: null,
      descriptionAr: null,
    });
  });

  it('asks before deleting, and explains a category still in use in the reader’s language', async () => {
    renderPage({
      language: 'ar',
      routes: {
        [`DELETE /api/categories/${CATEGORY_ID}`]: () =>
          fakeResponse(409, {
            statusCode: 409,
            code: 'CATEGORY_IN_USE',
            message: 'This category is used by 3 product(s). Move them to another category first.',
          }),
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'حذف مسكنات الألم' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText(/هل أنت متأكد من أنك تريد حذف هذه الفئة؟/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'حذف' }));
    expect((await screen.findAllByText('تعذّر حذف الفئة')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('هذه الفئة مستخدمة في 3 منتجات. انقلها إلى فئة أخرى أولًا.').length).toBeGreaterThan(0);
  });

  it('deletes after confirmation', async () => {
    renderPage({ routes: { [`DELETE /api/categories/${CATEGORY_ID}`]: () => fakeResponse(204) } });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Analgesics' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findAllByText('Category deleted successfully')).length).toBeGreaterThan(0);
  });
});
