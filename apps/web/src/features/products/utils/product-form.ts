import {
  createProductSchema,
  productInputSchema,
  validationMessages,
  type CreateProductInput,
  type Product,
  type ProductInput,
  type SalesUnit,
} from '@pharmacy/contracts';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { textToNumber } from '../../../lib/number-text';

/** What the product dialog edits: text as typed, switches as booleans. */
export interface ProductFormValues {
  sku: string;
  barcode: string;
  name: string;
  nameAr: string;
  description: string;
  descriptionAr: string;
  brand: string;
  genericName: string;
  genericNameAr: string;
  /** '' for none. */
  categoryId: string;
  supplierId: string;
  price: string;
  cost: string;
  salesUnit: SalesUnit;
  unitsPerPackage: string;
  commissionRate: string;
  commissionEnabled: boolean;
  minStockLevel: string;
  maxStockLevel: string;
  requiresPrescription: boolean;
  shelfLocation: string;
  isActive: boolean;
  // A new product's first stock (specification 001 §5); not part of an edit.
  initialQuantity: string;
  pharmacyId: string;
  batchNumber: string;
  expiryDate: string;
}

export type ProductFormMode = 'create' | 'edit';
export type ProductRequest = CreateProductInput | ProductInput;

/** Specification 001 §3/§9 defaults. */
export function emptyProductForm(pharmacyId = ''): ProductFormValues {
  return {
    sku: '',
    barcode: '',
    name: '',
    nameAr: '',
    description: '',
    descriptionAr: '',
    brand: '',
    genericName: '',
    genericNameAr: '',
    categoryId: '',
    supplierId: '',
    price: '',
    cost: '',
    salesUnit: 'whole',
    unitsPerPackage: '1',
    commissionRate: '0.00',
    commissionEnabled: false,
    minStockLevel: '10',
    maxStockLevel: '1000',
    requiresPrescription: false,
    shelfLocation: '',
    isActive: true,
    initialQuantity: '0',
    pharmacyId,
    batchNumber: '',
    expiryDate: '',
  };
}

export function productFormValues(product: Product): ProductFormValues {
  return {
    ...emptyProductForm(),
    sku: product.sku,
    barcode: product.barcode ?? '',
    name: product.name,
    nameAr: product.nameAr ?? '',
    description: product.description ?? '',
    descriptionAr: product.descriptionAr ?? '',
    brand: product.brand ?? '',
    genericName: product.genericName ?? '',
    genericNameAr: product.genericNameAr ?? '',
    categoryId: product.categoryId ?? '',
    supplierId: product.supplierId ?? '',
    price: product.price,
    cost: product.cost ?? '',
    salesUnit: product.salesUnit,
    unitsPerPackage: String(product.unitsPerPackage),
    commissionRate: product.commissionRate,
    commissionEnabled: product.commissionEnabled,
    minStockLevel: String(product.minStockLevel),
    maxStockLevel: String(product.maxStockLevel),
    requiresPrescription: product.requiresPrescription,
    shelfLocation: product.shelfLocation ?? '',
    isActive: product.isActive,
  };
}

/** A blank box means the default (units per package 1, stock levels 10 and 1000, no initial stock, no commission). */
const orDefault = (text: string, fallback: string) => (text.trim() === '' ? fallback : text.trim());
/** The same for a count, sent as a JSON number (issue 28); text that is not a number stays NaN for the schema to refuse. */
const countOrDefault = (text: string, fallback: number) => textToNumber(text) ?? fallback;

/** The request body the values stand for, before the shared schema checks it. */
export function productRequestBody(values: ProductFormValues, mode: ProductFormMode): Record<string, unknown> {
  const body: Record<string, unknown> = {
    sku: values.sku,
    barcode: values.barcode,
    name: values.name,
    nameAr: values.nameAr,
    description: values.description,
    descriptionAr: values.descriptionAr,
    brand: values.brand,
    genericName: values.genericName,
    genericNameAr: values.genericNameAr,
    categoryId: values.categoryId,
    supplierId: values.supplierId,
    price: values.price,
    cost: values.cost,
    salesUnit: values.salesUnit,
    unitsPerPackage: countOrDefault(values.unitsPerPackage, 1),
    commissionRate: orDefault(values.commissionRate, '0'),
    commissionEnabled: values.commissionEnabled,
    minStockLevel: countOrDefault(values.minStockLevel, 10),
    maxStockLevel: countOrDefault(values.maxStockLevel, 1000),
    requiresPrescription: values.requiresPrescription,
    shelfLocation: values.shelfLocation,
    isActive: values.isActive,
  };
  if (mode === 'create') {
    Object.assign(body, {
      initialQuantity: countOrDefault(values.initialQuantity, 0),
      pharmacyId: values.pharmacyId,
      batchNumber: values.batchNumber,
      expiryDate: values.expiryDate,
    });
  }
  return body;
}

export type ProductFormResult =
  { ok: true; request: ProductRequest } | { ok: false; errors: Partial<Record<keyof ProductFormValues, string>> };

/**
 * The server's own request schema decides (same rules, same messages — shown
 * translated); the form adds what the server checks against its clock: initial
 * stock cannot be received already expired.
 */
export function validateProductForm(
  values: ProductFormValues,
  mode: ProductFormMode,
  today: string,
): ProductFormResult {
  const schema = mode === 'create' ? createProductSchema : productInputSchema;
  const parsed = schema.safeParse(productRequestBody(values, mode));
  const errors: Partial<Record<keyof ProductFormValues, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && field in values && !(field in errors)) {
        errors[field as keyof ProductFormValues] = issue.message;
      }
    }
  }
  if (mode === 'create' && !errors.expiryDate && values.expiryDate && values.expiryDate < today) {
    const quantity = Number(values.initialQuantity);
    if (quantity > 0) errors.expiryDate = validationMessages.expiryDateInPast;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, request: parsed.data };
}

export function productFormResolver(
  mode: ProductFormMode,
  today: () => string,
): Resolver<ProductFormValues, unknown, ProductRequest> {
  return (values) => {
    const result = validateProductForm(values, mode, today());
    if (result.ok) return { values: result.request, errors: {} };
    const errors: FieldErrors<ProductFormValues> = {};
    for (const [field, message] of Object.entries(result.errors)) {
      errors[field as keyof ProductFormValues] = { type: 'validate', message };
    }
    return { values: {}, errors };
  };
}
