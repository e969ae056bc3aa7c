import { createFileRoute } from '@tanstack/react-router';
import { ProductsPage } from '../../features/products/components/products-page';
import { productListSearch } from '../../features/products/product-list';
import { categoriesQueryOptions, suppliersQueryOptions } from '../../lib/catalogue';

export const Route = createFileRoute('/_authenticated/products')({
  // `?page=&sort=&q=`: the table as it was, after a reload or from a shared link.
  validateSearch: productListSearch,
  loader: ({ context }) => {
    if (!context.currentUser) return;
    // The table reads its pages itself (GET /api/products?limit=…); the product dialog offers these.
    void context.queryClient.prefetchQuery(categoriesQueryOptions());
    void context.queryClient.prefetchQuery(suppliersQueryOptions());
  },
  component: ProductsPage,
});
