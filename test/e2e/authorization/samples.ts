import { isoDaysFromNow, unique } from '@pharmacy/test-harness';
import { offlineSale, type Caller, type World } from './world';

/**
 * One request per route that its handler accepts (or refuses for the body's
 * sake, never for the caller's): the matrix fills in the pharmacy ids and the
 * record ids the route's policy names, then sends it as every caller. A route
 * without a sample fails the matrix: add one here with the route.
 */
export interface Sample {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** The route ends the session it is called in: each caller calls it from a session of its own. */
  endsSession?: boolean;
}

/** The values the matrix placed for this call (field → id), for a sample that depends on them. */
export type Placed = Readonly<Record<string, string | undefined>>;

type SampleOf = (world: World, caller: Caller, placed: Placed) => Sample;

const nothing: SampleOf = () => ({});
const reason = { reason: 'authorization matrix' };
const sale = (world: World) => ({ cashReceived: '100.00', items: [{ productId: world.product.id, quantity: 1 }] });
const productInput = (world: World) => {
  const { sku, name, price, unitsPerPackage } = world.editable;
  return { sku, name, price, unitsPerPackage };
};

export const samples: Record<string, SampleOf> = {
  // Signing in and out: bodies the schema refuses (400) prove the guard let the call through.
  'POST /api/auth/login-request': () => ({ body: {} }),
  'POST /api/auth/login-verify': () => ({ body: {} }),
  'POST /api/auth/pharmacist-login': () => ({ body: {} }),
  'POST /api/auth/logout': () => ({ endsSession: true }),
  'GET /api/logout': () => ({ endsSession: true }),
  'GET /api/login': nothing,
  'GET /api/auth/user': nothing,
  'POST /api/auth/user/pharmacy': () => ({ body: {} }),
  'POST /api/auth/totp/setup': nothing,
  'POST /api/auth/totp/confirm': () => ({ body: { code: 'not a code' } }),
  'POST /api/auth/totp/disable': () => ({ body: { password: '' } }),

  'GET /api/admin/users': nothing,
  'PATCH /api/admin/users/:userId/role': (world) => ({
    params: { userId: world.spare.user },
    body: { role: 'pharmacist' },
  }),
  'POST /api/admin/users/:userId/pharmacies': (world) => ({
    params: { userId: world.spare.user },
    body: { pharmacyId: world.C },
  }),
  'DELETE /api/admin/users/:userId/pharmacies/:pharmacyId': (world) => ({
    params: { userId: world.spare.user, pharmacyId: world.C },
  }),
  'DELETE /api/admin/users/:userId': (world) => ({ params: { userId: world.spare.user } }),
  'POST /api/admin/users/:userId/reset-password': (world) => ({
    params: { userId: world.spare.user },
    body: { newPassword: 'Another#Pass2026' },
  }),
  'POST /api/auth/register': () => ({
    body: {
      email: `${unique('authz-new')}@pharmacy.example`.toLowerCase(),
      firstName: 'New',
      lastName: 'User',
      password: 'Fresh#Pass2026',
      role: 'pharmacist',
    },
  }),
  'GET /api/users/:userId/pharmacies': nothing,

  'GET /api/settings': nothing,
  'PUT /api/settings': (world) => ({ body: world.settings }),
  'GET /api/settings/profile': nothing,
  'PUT /api/settings/profile': (_world, caller) => ({ body: { ...caller.profile } }),

  'GET /api/pharmacies': nothing,
  'POST /api/pharmacies': () => ({ body: { name: unique('Authz new'), address: 'New street' } }),
  'PUT /api/pharmacies/:id': (world) => ({ params: { id: world.spare.pharmacy.id }, body: world.spare.pharmacy.input }),
  'DELETE /api/pharmacies/:id': (world) => ({ params: { id: world.spare.pharmacy.id } }),

  'POST /api/products/recognize': nothing,
  'GET /api/products': nothing,
  'GET /api/products/search': (world) => ({ query: { q: world.product.sku } }),
  'GET /api/products/:id/history': (world) => ({ params: { id: world.product.id } }),
  'POST /api/products': () => ({
    body: {
      sku: unique('AZ-NEW'),
      name: 'Authz new product',
      price: '2.00',
      initialQuantity: 3,
      expiryDate: isoDaysFromNow(300),
      batchNumber: unique('AZ-NEW-LOT'),
    },
  }),
  'PUT /api/products/:id': (world) => ({ params: { id: world.editable.id }, body: productInput(world) }),
  'DELETE /api/products/:id': (world) => ({ params: { id: world.spare.product } }),

  'GET /api/categories': nothing,
  'POST /api/categories': () => ({ body: { name: unique('Authz category') } }),
  'PUT /api/categories/:id': (world) => ({ params: { id: world.spare.category }, body: { name: unique('Renamed') } }),
  'DELETE /api/categories/:id': (world) => ({ params: { id: world.spare.category } }),
  'GET /api/suppliers': nothing,
  'POST /api/suppliers': () => ({ body: { name: unique('Authz supplier') } }),
  'PUT /api/suppliers/:id': (world) => ({ params: { id: world.spare.supplier }, body: { name: unique('Renamed') } }),
  'DELETE /api/suppliers/:id': (world) => ({ params: { id: world.spare.supplier } }),

  'GET /api/inventory': nothing,
  'GET /api/inventory/expiry-summary': nothing,
  'GET /api/inventory/overview': nothing,
  'GET /api/inventory/fefo': nothing,
  'GET /api/inventory/availability': nothing,
  'GET /api/inventory/:id/history': nothing,
  'POST /api/inventory': (world) => ({
    body: {
      productId: world.product.id,
      batchNumber: unique('AZ-NEW-LOT'),
      quantity: 5,
      expiryDate: isoDaysFromNow(300),
    },
  }),
  'PUT /api/inventory/:id': (world, _caller, placed) => ({
    body: {
      productId: world.product.id,
      batchNumber: world.batchNumbers.get(placed.id ?? '') ?? 'unknown',
      quantity: 400,
      expiryDate: isoDaysFromNow(40),
    },
  }),
  'POST /api/inventory/:id/adjustments': () => ({ body: { quantityChange: -1, reason: 'damaged' } }),
  'POST /api/inventory/:id/write-offs': () => ({ body: { quantity: 1, reason: 'damaged', witness: 'Matrix witness' } }),
  'GET /api/inventory/expiry-scan': nothing,
  'POST /api/inventory/expiry-scan': nothing,
  'POST /api/inventory/discount': () => ({ body: { discountPercentage: 10, ...reason } }),
  'POST /api/inventory/:id/discount/end': () => ({ body: reason }),
  'GET /api/inventory/expiring': () => ({ query: { days: '60' } }),
  'GET /api/inventory/expiring/summary': () => ({ query: { days: '60' } }),
  'GET /api/inventory/low-stock': nothing,
  'GET /api/inventory/shortages': nothing,
  'GET /api/inventory/shortages/summary': nothing,

  'GET /api/sales': nothing,
  'GET /api/sales/commission-report': nothing,
  'GET /api/sales/metrics/daily': nothing,
  'POST /api/sales/complete': (world) => ({ body: sale(world) }),
  'GET /api/sales/offline-catalogue': nothing,
  'POST /api/sales/offline': (world) => ({
    headers: { 'Idempotency-Key': unique('authz-offline') },
    body: offlineSale('', world.product.id, 1),
  }),
  'GET /api/sales/:id': nothing,
  'POST /api/sales/:id/returns': () => ({ body: { ...reason, all: true } }),
  'GET /api/stock-discrepancies': () => ({ query: { status: 'all' } }),
  'POST /api/stock-discrepancies/:id/resolve': () => ({ body: { note: 'authorization matrix' } }),

  'GET /api/transfers': nothing,
  'GET /api/transfers/summary': nothing,
  'GET /api/transfers/:id': nothing,
  'POST /api/transfers': (world) => ({ body: { items: [{ productId: world.product.id, quantity: 1 }] } }),
  'POST /api/transfers/:id/approve': nothing,
  'POST /api/transfers/:id/receive': () => ({ body: {} }),
  'POST /api/transfers/:id/cancel': () => ({ body: reason }),

  'GET /api/stock-counts': nothing,
  'GET /api/stock-counts/:id': nothing,
  'POST /api/stock-counts': () => ({ body: {} }),
  'PUT /api/stock-counts/:id/counts': (world, caller) => ({
    body: { counts: [{ batchId: world.records[caller.home]!.batch, counted: 450, reason: 'miscount' }] },
  }),
  'POST /api/stock-counts/:id/post': nothing,
  'POST /api/stock-counts/:id/cancel': () => ({ body: reason }),

  'GET /api/audit/period-report': () => ({
    query: { from: new Date(Date.now() - 86_400_000).toISOString(), to: new Date().toISOString() },
  }),
  'GET /api/audit/verification': nothing,
  'POST /api/audit/verification': nothing,
  'GET /api/audit/events': nothing,
  'GET /api/audit/stock-on-hand': nothing,
  'GET /api/audit/stock-card': (world) => ({ query: { productId: world.product.id } }),

  'GET /api/reports/sales-summary': nothing,
  'GET /api/reports/stock-summary': nothing,
  'POST /api/chat/pharmacist': () => ({ body: { message: 'Which batches expire in the next 60 days?' } }),

  // Mounted outside Nest (apps/api/src/operations).
  'GET /health': nothing,
  'GET /ready': nothing,
  'GET /metrics': nothing,
};
