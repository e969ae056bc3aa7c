import { productSorts, type ProductSort } from '@pharmacy/contracts';
import { z } from 'zod';
import { choiceParam, pageParam, textParam } from '../../lib/list-search';

/** `/products?page=&sort=&q=`: the table's page, order (as chosen, see `productSortFor`) and search. */
export const productListSearch = z.object({ page: pageParam, q: textParam, sort: choiceParam(productSorts) });

/** By name unless a column header says otherwise. */
export const productListDefaults: { sort: ProductSort } = { sort: 'name' };
