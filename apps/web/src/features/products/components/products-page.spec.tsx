import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { Product, UserPharmacy } from '@pharmacy/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { aCategory, aPharmacy, aProduct, aSupplier, PRODUCT_ID } from '../../../test/catalogue';
import { fakeResponse } from '../../../test/fake-response';
import type { FakeHandler, RecordedCall } from '../../../test/fake-server';
import { renderSignedIn } from '../../../test/signed-in';
import { abdoun, aUser, downtown } from '../../../test/users';
import { ProductsPage } from './products-page';

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

const amoxicillin = aProduct({
  id: '7a1b2c3d-0000-4000-8000-0000000000a2',
  sku: 'AMX-250',
  barcode: null,
  name: 'Amoxicillin 250 mg',
  nameAr: 'أموكسيسيلين ٢٥٠ ملغ',
  requiresPrescription: true,
  isActive: false,
  price: '12.5',
  categoryName: null,
  categoryNameAr: null,
  supplierName: null,
  genericName: 'Amoxicillin',
  brand: null,
});

/**
 * GET /api/products as the server answers a page (see
 * test/e2e/product-pages.api.spec.ts), in miniature: `q` matched in the names
 * (both languages), generic names, SKU and barcode; `sort` by name, Arabic name
 * or price; `limit` and `offset`; the total in X-Total-Count.
 */
function productPages(products: readonly Product[]) {
  return (_: unknown, url?: URL) => {
    const params = url!.searchParams;
    const q = (params.get('q') ?? '').toLowerCase();
    const matching = products.filter((p) =>
      [p.name, p.nameAr, p.genericName, p.genericNameAr, p.sku, p.barcode].some((text) =>
        (text ?? '').toLowerCase().includes(q),
      ),
    );
    const sort = params.get('sort') ?? 'name';
    const key = (p: Product) =>
      ({ name: p.name, nameAr: p.nameAr ?? p.name, price: Number(p.price) })[sort.replace(/^-/, '')] ?? p.name;
    const sorted = [...matching].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
    if (sort.startsWith('-')) sorted.reverse();
    const limit = Number(params.get('limit'));
    const offset = Number(params.get('offset'));
    return fakeResponse(200, sorted.slice(offset, offset + limit), '', { 'X-Total-Count': String(sorted.length) });
  };
}

/** A plain product of a long list, named `Zinc <n>`. */
const zinc = (n: number, digits = 3) =>
  aProduct({
    id: `7a1b2c3d-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Zinc ${String(n).padStart(digits, '0')}`,
    nameAr: null,
    sku: `ZN-${n}`,
    barcode: null,
    genericName: null,
    brand: null,
  });

/** The product list calls the page made, as query parameters. */
const productListCalls = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.url.startsWith('/api/products?'))
    .map((call) => Object.fromEntries(new URL(call.url, 'http://localhost').searchParams));

function renderPage({
  role = 'admin',
  language = 'en',
  routes = {},
  products = [aProduct(), amoxicillin],
  currentPharmacyId = downtown.id,
  path = '/products',
}: {
  role?: 'admin' | 'pharmacist';
  language?: 'en' | 'ar';
  routes?: Record<string, FakeHandler>;
  products?: Product[];
  currentPharmacyId?: string | null;
  path?: string;
} = {}) {
  return renderSignedIn(<ProductsPage />, {
    user: aUser({ role, currentPharmacyId }),
    language,
    path,
    routes: {
      'GET /api/products?*': productPages(products),
      'GET /api/categories': () => fakeResponse(200, [aCategory()]),
      'GET /api/suppliers': () => fakeResponse(200, [aSupplier()]),
      'GET /api/pharmacies': () => fakeResponse(200, [aPharmacy()]),
      ...routes,
    },
  });
}

/** For the waits after rendering a page of 50 rows, which a busy machine draws slowly. */
const slow = { timeout: 10_000 };

const row = async (name: string) => (await screen.findByRole('rowheader', { name: new RegExp(name) })).closest('tr')!;

async function openAddDialog(label = 'Add Product', title = 'Add Product') {
  fireEvent.click(await screen.findByRole('button', { name: label }));
  return screen.findByRole('dialog', { name: title });
}

describe('Product Management', () => {
  it('lists products with category, supplier, price in the chosen currency, limits and badges', async () => {
    renderPage();
    const paracetamol = within(await row('Paracetamol 500 mg'));
    expect(paracetamol.getByText('Analgesics')).toBeTruthy();
    expect(paracetamol.getByText('MedSupply Co.')).toBeTruthy();
    expect(await paracetamol.findByText('$3.50')).toBeTruthy();
    expect(paracetamol.getByText('Active')).toBeTruthy();
    const amox = within(await row('Amoxicillin'));
    expect(amox.getByText('Prescription')).toBeTruthy();
    expect(amox.getByText('Inactive')).toBeTruthy();
    expect(amox.getByText('$12.50')).toBeTruthy();
    expect(amox.getByRole('button', { name: 'Delete Amoxicillin 250 mg' })).toBeTruthy();
  });

  it('offers no Delete to a pharmacist', async () => {
    renderPage({ role: 'pharmacist' });
    const paracetamol = within(await row('Paracetamol 500 mg'));
    expect(paracetamol.getByRole('button', { name: 'Edit Paracetamol 500 mg' })).toBeTruthy();
    expect(paracetamol.queryByRole('button', { name: 'Delete Paracetamol 500 mg' })).toBeNull();
  });

  it('asks the server for the first page by name, 50 rows', async () => {
    const { calls } = renderPage();
    await row('Paracetamol 500 mg');
    expect(productListCalls(calls)).toEqual([{ sort: 'name', limit: '50', offset: '0' }]);
  });

  it('has the server search by name, SKU or barcode once one stops typing, from page 1', async () => {
    const products = Array.from({ length: 60 }, (_, i) => zinc(i, 2));
    const { calls } = renderPage({ products: [...products, aProduct(), amoxicillin] });
    await row('Amoxicillin');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 51 to 62 of 62 products', {}, slow)).toBeTruthy();
    const search = screen.getByPlaceholderText('Search by name, SKU or barcode...');
    fireEvent.change(search, { target: { value: 'a' } });
    fireEvent.change(search, { target: { value: 'am' } });
    fireEvent.change(search, { target: { value: 'amx' } });
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /Paracetamol/ })).toBeNull(), slow);
    expect(screen.getByRole('rowheader', { name: /Amoxicillin/ })).toBeTruthy();
    // One request for what was typed in a burst, for its first page.
    expect(productListCalls(calls).filter((call) => call.q)).toEqual([
      { q: 'amx', sort: 'name', limit: '50', offset: '0' },
    ]);
    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(await screen.findByText('No products found', {}, slow)).toBeTruthy();
  });

  it('pages on the server with the specification’s pagination', async () => {
    const products = Array.from({ length: 120 }, (_, i) => zinc(i));
    const { calls } = renderPage({ products });
    expect(await screen.findByText('Showing 1 to 50 of 120 products', {}, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Showing 101 to 120 of 120 products', {}, slow)).toBeTruthy();
    expect(screen.getByRole('rowheader', { name: /Zinc 119/ })).toBeTruthy();
    expect(productListCalls(calls).at(-1)).toEqual({ sort: 'name', limit: '50', offset: '100' });
  });

  it('keeps the page, the order and the search in the address, so a reload or a shared link shows the same rows', async () => {
    const products = Array.from({ length: 120 }, (_, i) => zinc(i));
    const first = renderPage({ products });
    expect(await screen.findByText('Showing 1 to 50 of 120 products', {}, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Price' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(first.address()).toBe('?sort=price&page=2'), slow);
    fireEvent.change(screen.getByPlaceholderText('Search by name, SKU or barcode...'), { target: { value: 'zinc 1' } });
    await waitFor(() => expect(first.address()).toBe('?sort=price&q=zinc+1'), slow);
    first.unmount();

    const { calls } = renderPage({ products, path: '/products?sort=-price&page=2&q=zinc' });
    expect(await screen.findByText('Showing 51 to 100 of 120 products', {}, slow)).toBeTruthy();
    expect((screen.getByPlaceholderText('Search by name, SKU or barcode...') as HTMLInputElement).value).toBe('zinc');
    expect(screen.getByRole('columnheader', { name: 'Price' }).getAttribute('aria-sort')).toBe('descending');
    expect(productListCalls(calls)).toEqual([{ q: 'zinc', sort: '-price', limit: '50', offset: '50' }]);
  });

  it('shows the first page for an address it cannot read, and the last for a page past it', async () => {
    const products = Array.from({ length: 60 }, (_, i) => zinc(i));
    const first = renderPage({ products, path: '/products?page=abc&sort=colour' });
    expect(await screen.findByText('Showing 1 to 50 of 60 products', {}, slow)).toBeTruthy();
    first.unmount();
    const { address } = renderPage({ products, path: '/products?page=9' });
    expect(await screen.findByText('Showing 51 to 60 of 60 products', {}, slow)).toBeTruthy();
    expect(address()).toBe('?page=2');
  });

  it('sorts on the server by the name the reader sees or by price, from a column header', async () => {
    const { calls } = renderPage({ language: 'ar' });
    await row('أموكسيسيلين');
    expect(productListCalls(calls)[0]).toMatchObject({ sort: 'nameAr' });
    const name = screen.getByRole('columnheader', { name: 'المنتج' });
    expect(name.getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(within(name).getByRole('button'));
    await waitFor(() => expect(productListCalls(calls).at(-1)).toMatchObject({ sort: '-nameAr', offset: '0' }));
    fireEvent.click(screen.getByRole('button', { name: 'السعر' }));
    await waitFor(() => expect(productListCalls(calls).at(-1)).toMatchObject({ sort: 'price' }));
    expect(screen.getByRole('columnheader', { name: 'السعر' }).getAttribute('aria-sort')).toBe('ascending');
    const names = async () => (await screen.findAllByRole('rowheader')).map((cell) => cell.textContent?.split(' ')[0]);
    await waitFor(async () => expect(await names()).toEqual(['باراسيتامول', 'أموكسيسيلين']));
  });

  it('exports every product that matches, from every page, not just the one on screen', async () => {
    const products = Array.from({ length: 520 }, (_, i) => zinc(i));
    const files: Blob[] = [];
    jest.spyOn(URL, 'createObjectURL').mockImplementation((file) => {
      files.push(file as Blob);
      return 'blob:export';
    });
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const { calls } = renderPage({ products: [...products, amoxicillin] });
    await row('Amoxicillin');
    fireEvent.change(screen.getByPlaceholderText('Search by name, SKU or barcode...'), { target: { value: 'zinc' } });
    expect(await screen.findByText('Showing 1 to 50 of 520 products', {}, slow)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(files).toHaveLength(1), slow);
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(reader.result as string);
      reader.readAsText(files[0]!);
    });
    const lines = text.trim().split(/\r?\n/);
    expect(lines).toHaveLength(521); // the header and every match
    expect(lines.some((line) => line.includes('Amoxicillin'))).toBe(false);
    expect(productListCalls(calls).filter((call) => call.limit === '500')).toEqual([
      { q: 'zinc', sort: 'name', limit: '500', offset: '0' },
      { q: 'zinc', sort: 'name', limit: '500', offset: '500' },
    ]);
  });

  it('says so when the products cannot be read for the export', async () => {
    let failing = false;
    const pages = productPages([aProduct(), amoxicillin]);
    renderPage({
      routes: {
        'GET /api/products?*': (body, url) => (failing ? fakeResponse(500, '') : pages(body, url)),
      },
    });
    await row('Amoxicillin');
    failing = true;
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect((await screen.findAllByText('Export Failed')).length).toBeGreaterThan(0);
    expect(
      screen.getAllByText('The products could not be read for the file. Please try again.').length,
    ).toBeGreaterThan(0);
  });

  it('hands a scanned code to the server, which matches every form of it', async () => {
    const scan = '(01)05012345678900(17)270331(10)LOT-42';
    const url = `/api/products/search?${new URLSearchParams({ q: scan }).toString()}`;
    const { callsTo } = renderPage({ routes: { [`GET ${url}`]: () => fakeResponse(200, [aProduct()]) } });
    await row('Amoxicillin');
    fireEvent.change(screen.getByPlaceholderText('Search by name, SKU or barcode...'), { target: { value: scan } });
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /Amoxicillin/ })).toBeNull());
    expect(await screen.findByRole('rowheader', { name: /Paracetamol/ })).toBeTruthy();
    expect(callsTo('GET', url)).toHaveLength(1);
  });

  describe('the product form', () => {
    it('says what is missing, in English', async () => {
      const { calls } = renderPage();
      const dialog = await openAddDialog();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product' }));
      expect(await within(dialog).findByText('SKU is required')).toBeTruthy();
      expect(within(dialog).getByText('Name is required')).toBeTruthy();
      expect(within(dialog).getByText('Price is required')).toBeTruthy();
      expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    });

    it('says what is missing, in Arabic', async () => {
      renderPage({ language: 'ar' });
      const dialog = await openAddDialog('إضافة منتج', 'إضافة منتج');
      fireEvent.click(within(dialog).getByRole('button', { name: 'إنشاء المنتج' }));
      expect(await within(dialog).findByText('رمز المنتج (SKU) مطلوب')).toBeTruthy();
      expect(within(dialog).getByText('الاسم مطلوب')).toBeTruthy();
      expect(within(dialog).getByText('السعر مطلوب')).toBeTruthy();
    });

    it('needs a pharmacy for initial stock, and refuses a negative quantity or a commission above 100', async () => {
      renderPage({ currentPharmacyId: null });
      const dialog = await openAddDialog();
      const field = (name: RegExp) => within(dialog).getByRole('spinbutton', { name }) as HTMLInputElement;
      fireEvent.change(field(/^Initial Quantity/), { target: { value: '5' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product' }));
      expect(await within(dialog).findByText('Pharmacy location is required when adding initial stock')).toBeTruthy();
      expect(within(dialog).getByText('Expiry date is required')).toBeTruthy();

      fireEvent.change(field(/^Initial Quantity/), { target: { value: '-1' } });
      fireEvent.click(within(dialog).getByRole('switch', { name: /Commission/ }));
      fireEvent.change(field(/^Commission Rate/), { target: { value: '120' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product' }));
      expect(await within(dialog).findByText('Initial quantity must be non-negative')).toBeTruthy();
      expect(within(dialog).getByText('Commission rate must be between 0 and 100')).toBeTruthy();
    });

    it('lets the commission rate be edited only while commission is enabled', async () => {
      renderPage();
      const dialog = await openAddDialog();
      const rate = within(dialog).getByRole('spinbutton', { name: /^Commission Rate/ }) as HTMLInputElement;
      expect(rate.disabled).toBe(true);
      fireEvent.click(within(dialog).getByRole('switch', { name: /Commission/ }));
      await waitFor(() => expect(rate.disabled).toBe(false));
      fireEvent.click(within(dialog).getByRole('switch', { name: /Commission/ }));
      await waitFor(() => expect(rate.disabled).toBe(true));
    });

    it('creates a product with the body the server expects, defaults included', async () => {
      const { callsTo } = renderPage({
        routes: { 'POST /api/products': () => fakeResponse(201, aProduct({ id: PRODUCT_ID })) },
      });
      const dialog = await openAddDialog();
      const text = (name: RegExp, value: string) =>
        fireEvent.change(within(dialog).getByRole('textbox', { name }), { target: { value } });
      text(/^SKU/, ' IBU-400 ');
      text(/^Name\s*\*?$/, 'Ibuprofen 400 mg');
      fireEvent.change(within(dialog).getByRole('spinbutton', { name: /^Selling Price/ }), {
        target: { value: '4.5' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product' }));
      expect((await screen.findAllByText('Product created successfully')).length).toBeGreaterThan(0);
      expect(callsTo('POST', '/api/products')[0]?.body).toEqual({
        sku: 'IBU-400',
        barcode: null,
        name: 'Ibuprofen 400 mg',
        nameAr: null,
        description: null,
        descriptionAr: null,
        brand: null,
        genericName: null,
        genericNameAr: null,
        categoryId: null,
        supplierId: null,
        price: '4.50',
        cost: null,
        salesUnit: 'whole',
        unitsPerPackage: 1,
        commissionRate: '0.00',
        commissionEnabled: false,
        minStockLevel: 10,
        maxStockLevel: 1000,
        requiresPrescription: false,
        shelfLocation: null,
        isActive: true,
        initialQuantity: 0,
        expiryDate: null,
        batchNumber: null,
        // The administrator's current pharmacy, preselected; no stock, so nothing is received there.
        pharmacyId: downtown.id,
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it('preselects a pharmacist’s first assigned pharmacy for initial stock', async () => {
      const assignments: UserPharmacy[] = [
        { pharmacyId: abdoun.id, pharmacyName: 'Abdoun Branch', pharmacyNameAr: null, isActive: true },
        { pharmacyId: downtown.id, pharmacyName: downtown.name, pharmacyNameAr: downtown.nameAr, isActive: true },
      ];
      renderPage({
        role: 'pharmacist',
        routes: { [`GET /api/users/${aUser().id}/pharmacies`]: () => fakeResponse(200, assignments) },
      });
      const dialog = await openAddDialog();
      const location = within(dialog).getByRole('combobox', { name: /^Pharmacy Location/ });
      await waitFor(() => expect(location.textContent).toBe('Abdoun Branch'));
    });

    it('shows the server’s duplicate SKU refusal on the field', async () => {
      renderPage({
        routes: {
          'POST /api/products': () =>
            fakeResponse(409, {
              statusCode: 409,
              code: 'DUPLICATE_VALUE',
              message: 'SKU "PAR-500-20" is already used by another product.',
              kind: 'product-sku',
              value: 'par-500-20',
            }),
        },
      });
      const dialog = await openAddDialog();
      fireEvent.change(within(dialog).getByRole('textbox', { name: /^SKU/ }), { target: { value: 'PAR-500-20' } });
      fireEvent.change(within(dialog).getByRole('textbox', { name: /^Name\s*\*?$/ }), { target: { value: 'Copy' } });
      fireEvent.change(within(dialog).getByRole('spinbutton', { name: /^Selling Price/ }), { target: { value: '1' } });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Create Product' }));
      expect(
        (await screen.findAllByText('SKU “PAR-500-20” is already used by another product.')).length,
      ).toBeGreaterThan(1);
      expect(screen.getAllByText('Failed to create product').length).toBeGreaterThan(0);
    });

    it('puts a taken barcode on the barcode field', async () => {
      renderPage({
        routes: {
          [`PUT /api/products/${PRODUCT_ID}`]: () =>
            fakeResponse(409, {
              statusCode: 409,
              code: 'DUPLICATE_VALUE',
              message: 'Barcode 5012345678900 is already used by another product.',
              kind: 'product-barcode',
              value: '5012345678900',
            }),
        },
      });
      fireEvent.click(await screen.findByRole('button', { name: 'Edit Paracetamol 500 mg' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));
      const barcode = within(dialog).getByRole('textbox', { name: 'Barcode' });
      await waitFor(() => expect(barcode.getAttribute('aria-invalid')).toBe('true'));
      expect(within(dialog).getByText('Barcode 5012345678900 is already used by another product.')).toBeTruthy();
      expect(screen.getAllByText('Failed to update product').length).toBeGreaterThan(0);
    });

    it('edits a product with PUT, without initial stock fields', async () => {
      const { callsTo } = renderPage({
        routes: { [`PUT /api/products/${PRODUCT_ID}`]: () => fakeResponse(200, aProduct({ price: '3.75' })) },
      });
      fireEvent.click(await screen.findByRole('button', { name: 'Edit Paracetamol 500 mg' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Product' });
      expect(within(dialog).queryByRole('spinbutton', { name: /^Initial Quantity/ })).toBeNull();
      fireEvent.change(within(dialog).getByRole('spinbutton', { name: /^Selling Price/ }), {
        target: { value: '3.75' },
      });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Update Product' }));
      expect((await screen.findAllByText('Product updated successfully')).length).toBeGreaterThan(0);
      const body = callsTo('PUT', `/api/products/${PRODUCT_ID}`)[0]?.body as Record<string, unknown>;
      expect(body).toMatchObject({ sku: 'PAR-500-20', price: '3.75', categoryId: aCategory().id });
      expect(body).not.toHaveProperty('initialQuantity');
    });

    it('edits with the version it was loaded at, and shows a product changed meanwhile in Arabic', async () => {
      const changed = aProduct({ name: 'Paracetamol 1 g', nameAr: 'باراسيتامول ١ غ', price: '4.10', version: 3 });
      const { callsTo } = renderPage({
        language: 'ar',
        routes: {
          [`PUT /api/products/${PRODUCT_ID}`]: () =>
            fakeResponse(409, {
              statusCode: 409,
              code: 'STALE_EDIT',
              message: 'This product was changed by someone else after you opened it.',
              productId: PRODUCT_ID,
              version: 3,
              current: changed,
            }),
        },
      });
      fireEvent.click(await screen.findByRole('button', { name: 'تعديل باراسيتامول ٥٠٠ ملغ' }));
      const dialog = await screen.findByRole('dialog', { name: 'تعديل المنتج' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'تحديث المنتج' }));
      expect(await within(dialog).findByText('تغيّر أثناء التعديل')).toBeTruthy();
      expect(within(dialog).getByText(/أصبح الآن «باراسيتامول ١ غ» بسعر 4.10/)).toBeTruthy();
      expect(callsTo('PUT', `/api/products/${PRODUCT_ID}`)[0]?.body).toMatchObject({ version: 1 });
      fireEvent.click(within(dialog).getByRole('button', { name: 'ابدأ من جديد بالقيم الحالية' }));
      expect((dialog.querySelector('input[name="name"]') as HTMLInputElement).value).toBe('Paracetamol 1 g');
    });

    it("says why the server could not use a photo, in the user's words, and fills nothing", async () => {
      renderPage({
        routes: {
          'POST /api/products/recognize': () =>
            fakeResponse(422, {
              statusCode: 422,
              code: 'NOTHING_RECOGNISED',
              message: 'Neither a barcode nor printed text could be read in the photo.',
            }),
        },
      });
      const dialog = await openAddDialog();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add Product by Photo' }));
      const input = within(dialog).getByTestId('product-photo-file');
      fireEvent.change(input, { target: { files: [new File(['x'], 'pack.jpg', { type: 'image/jpeg' })] } });
      expect((await screen.findAllByText('Processing Failed')).length).toBeGreaterThan(0);
      expect(
        (
          await screen.findAllByText(
            /Neither a barcode nor printed text could be read in the photo\. Take it again closer to the pack/,
          )
        ).length,
      ).toBeGreaterThan(0);
      expect((within(dialog).getByRole('textbox', { name: /^Name\s*\*?$/ }) as HTMLInputElement).value).toBe('');
    });

    it('says so when the camera cannot be opened', async () => {
      Object.defineProperty(navigator, 'mediaDevices', {
        configurable: true,
        value: { getUserMedia: jest.fn<() => Promise<MediaStream>>().mockRejectedValue(new Error('NotAllowedError')) },
      });
      renderPage();
      const dialog = await openAddDialog();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add Product by Photo' }));
      fireEvent.click(within(dialog).getByRole('button', { name: 'Use Camera' }));
      expect((await screen.findAllByText('Camera Error')).length).toBeGreaterThan(0);
      expect(
        screen.getAllByText('Unable to access camera. Please try uploading an image instead.').length,
      ).toBeGreaterThan(0);
      expect((navigator.mediaDevices.getUserMedia as jest.Mock).mock.calls[0]?.[0] as MediaStreamConstraints).toEqual({
        video: { facingMode: 'environment', width: { ideal: 1280 }, height: { ideal: 720 } },
        audio: false,
      });
    });

    it('pre-fills the form from a recognised photo, normalising its expiry date', async () => {
      renderPage({
        routes: {
          'POST /api/products/recognize': () =>
            fakeResponse(200, {
              success: true,
              message: null,
              data: {
                drugName: 'Ibuprofen',
                confidence: 0.92,
                expiryDate: '03/28',
                suggestedProduct: { name: 'Ibuprofen 400 mg', description: 'Film-coated tablets', sku: 'IBU-400' },
              },
            }),
        },
      });
      const dialog = await openAddDialog();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add Product by Photo' }));
      fireEvent.change(within(dialog).getByTestId('product-photo-file'), {
        target: { files: [new File(['x'], 'pack.jpg', { type: 'image/jpeg' })] },
      });
      expect((await screen.findAllByText('Product Recognized')).length).toBeGreaterThan(0);
      expect((within(dialog).getByRole('textbox', { name: /^Name\s*\*?$/ }) as HTMLInputElement).value).toBe(
        'Ibuprofen 400 mg',
      );
      expect((within(dialog).getByRole('textbox', { name: /^SKU/ }) as HTMLInputElement).value).toBe('IBU-400');
      expect(within(dialog).getByRole('button', { name: /^Expiry Date: Mar 31, 2028$/ })).toBeTruthy();
    });

    it('says which product it filled in when the photo shows several (issue 28, item 14)', async () => {
      renderPage({
        routes: {
          'POST /api/products/recognize': () =>
            fakeResponse(200, {
              success: true,
              message: 'Read the barcode. The photo shows 2 products.',
              data: {
                drugName: null,
                confidence: 0.5,
                expiryDate: '2029-03-31',
                suggestedProduct: { name: '', description: '', sku: '06295555555562' },
                barcode: '06295555555562',
                batchNumber: 'LOT-D',
                productId: null,
                barcodeFormat: 'DataMatrix',
                chosenBecause: 'carriesExpiry',
                otherProducts: [
                  {
                    barcode: '06295555555555',
                    barcodeFormat: 'EAN13',
                    productId: null,
                    name: null,
                    expiryDate: null,
                    batchNumber: null,
                  },
                ],
              },
            }),
        },
      });
      const dialog = await openAddDialog();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Add Product by Photo' }));
      fireEvent.change(within(dialog).getByTestId('product-photo-file'), {
        target: { files: [new File(['x'], 'pack.jpg', { type: 'image/jpeg' })] },
      });
      expect((await screen.findAllByText('Several Products in the Photo')).length).toBeGreaterThan(0);
      expect(
        screen.getAllByText(
          'The photo shows 2 products. The form was filled in from the one with barcode 06295555555562: check it is the pack you are adding, or photograph one pack at a time.',
        ).length,
      ).toBeGreaterThan(0);
      expect((within(dialog).getByRole('textbox', { name: /^SKU/ }) as HTMLInputElement).value).toBe('06295555555562');
    });
  });

  describe('deleting', () => {
    const confirmDelete = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Delete Paracetamol 500 mg' }));
      const confirm = await screen.findByRole('alertdialog', { name: 'Delete Product' });
      expect(within(confirm).getByText(/Are you sure you want to delete this product\?/)).toBeTruthy();
      fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    };

    it.each([
      [403, 'FORBIDDEN', 'Access Denied', 'Only administrators can delete products.'],
      [404, 'PRODUCT_NOT_FOUND', 'Product Not Found', 'The product no longer exists.'],
      [
        409,
        'INVENTORY_EXISTS',
        'Cannot Delete Product',
        'This product has existing inventory. Please remove all inventory batches first.',
      ],
      [500, 'INTERNAL_ERROR', 'Error', 'Failed to delete product'],
    ])('explains a %i answer', async (status, code, title, description) => {
      renderPage({
        routes: {
          [`DELETE /api/products/${PRODUCT_ID}`]: () =>
            fakeResponse(status, { statusCode: status, code, message: 'x' }),
        },
      });
      await confirmDelete();
      expect((await screen.findAllByText(title)).length).toBeGreaterThan(0);
      expect(screen.getAllByText(description).length).toBeGreaterThan(0);
    });

    it('deletes after confirmation', async () => {
      const { callsTo } = renderPage({ routes: { [`DELETE /api/products/${PRODUCT_ID}`]: () => fakeResponse(204) } });
      await confirmDelete();
      expect((await screen.findAllByText('Product deleted successfully')).length).toBeGreaterThan(0);
      expect(callsTo('DELETE', `/api/products/${PRODUCT_ID}`)).toHaveLength(1);
    });
  });
});
