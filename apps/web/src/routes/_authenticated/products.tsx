import { createFileRoute } from '@tanstack/react-router';
import { ProductsPage } from '../../features/products/components/products-page';
import { categoriesQueryOptions, productsQueryOptions, suppliersQueryOptions } from '../../lib/catalogue';

export const Route = createFileRoute('/_authenticated/products')({
  loader: ({ context }) => {
    if (!context.currentUser) return;
    void context.queryClient.prefetchQuery(productsQueryOptions());
    // The product dialog offers these.
    void context.queryClient.prefetchQuery(categoriesQueryOptions());
    void context.queryClient.prefetchQuery(suppliersQueryOptions());
  },
  component: ProductsPage,
});
