import {
  categorySchema,
  historyEntrySchema,
  inventoryBatchSchema,
  productSchema,
  supplierSchema,
  type Category,
  type HistoryEntry,
  type InventoryBatch,
  type Product,
  type Supplier,
} from '@pharmacy/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { fetchJson, fetchJsonAt, withQuery } from './api';

// Reads shared by several screens (inventory, products, categories, suppliers and
// the history drawer). They live here because features do not import each other;
// each feature's mutations invalidate these keys. Without `pharmacyId` the server
// answers for every pharmacy the caller may see, which is what these screens show.

export const productsQueryKey = ['/api/products'] as const;
export const inventoryQueryKey = ['/api/inventory'] as const;
export const categoriesQueryKey = ['/api/categories'] as const;
export const suppliersQueryKey = ['/api/suppliers'] as const;

const productList = z.array(productSchema);
const batchList = z.array(inventoryBatchSchema);
const categoryList = z.array(categorySchema);
const supplierList = z.array(supplierSchema);
const historyList = z.array(historyEntrySchema);

export function productsQueryOptions() {
  return queryOptions({
    queryKey: productsQueryKey,
    queryFn: async ({ signal }): Promise<Product[]> => productList.parse(await fetchJson(productsQueryKey, { signal })),
  });
}

export function useProducts() {
  return useQuery(productsQueryOptions());
}

export function inventoryQueryOptions() {
  return queryOptions({
    queryKey: inventoryQueryKey,
    queryFn: async ({ signal }): Promise<InventoryBatch[]> =>
      batchList.parse(await fetchJson(inventoryQueryKey, { signal })),
  });
}

export function useInventory() {
  return useQuery(inventoryQueryOptions());
}

export function categoriesQueryOptions() {
  return queryOptions({
    queryKey: categoriesQueryKey,
    queryFn: async ({ signal }): Promise<Category[]> =>
      categoryList.parse(await fetchJson(categoriesQueryKey, { signal })),
  });
}

export function useCategories() {
  return useQuery(categoriesQueryOptions());
}

export function suppliersQueryOptions() {
  return queryOptions({
    queryKey: suppliersQueryKey,
    queryFn: async ({ signal }): Promise<Supplier[]> =>
      supplierList.parse(await fetchJson(suppliersQueryKey, { signal })),
  });
}

export function useSuppliers() {
  return useQuery(suppliersQueryOptions());
}

/**
 * GET /api/products/search: name (both languages), generic name, brand, SKU or
 * barcode, and scanned codes (a GTIN, or a GS1 element string from a 2D
 * scanner), exact code matches first. A malformed GS1 string answers 400 with a
 * message meant for the user.
 */
export async function searchProducts(
  q: string,
  { signal, pharmacyId }: { signal?: AbortSignal; pharmacyId?: string | null } = {},
): Promise<Product[]> {
  return productList.parse(await fetchJsonAt(withQuery('/api/products/search', { q, pharmacyId }), { signal }));
}

/** `pharmacyId`: stock totals of that pharmacy (the point of sale), else of every pharmacy the caller may see. */
export function productSearchQueryOptions(q: string, pharmacyId: string | null = null) {
  return queryOptions({
    // Under the products key, so anything that changes products refreshes searches too.
    queryKey: [...productsQueryKey, 'search', q, pharmacyId ?? 'all'] as const,
    queryFn: ({ signal }) => searchProducts(q, { signal, pharmacyId }),
  });
}

export type HistorySubject = { kind: 'product'; id: string } | { kind: 'batch'; id: string };

/** The key sits under the list's key, so a write that refreshes the list refreshes the history too. */
export function historyQueryOptions(subject: HistorySubject) {
  const queryKey =
    subject.kind === 'product'
      ? ([...productsQueryKey, subject.id, 'history'] as const)
      : ([...inventoryQueryKey, subject.id, 'history'] as const);
  return queryOptions({
    queryKey,
    queryFn: async ({ signal }): Promise<HistoryEntry[]> => historyList.parse(await fetchJson(queryKey, { signal })),
  });
}

/** The name to show in the reader's language: the Arabic one in Arabic when there is one. */
export function localizedName(name: string, nameAr: string | null | undefined, language: 'en' | 'ar'): string {
  return language === 'ar' && nameAr ? nameAr : name;
}
