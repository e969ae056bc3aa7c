import { describe, expect, it } from '@jest/globals';
import { navItems, visibleNavItems } from './nav-items';

describe('the sidebar registry', () => {
  it('lists every entry of the specification, in its order (Stock Counts after Inventory), admin entries last', () => {
    expect(navItems.map((item) => [item.to, item.adminOnly])).toEqual([
      ['/', false],
      ['/inventory', false],
      ['/stock-counts', false],
      ['/products', false],
      ['/pos', false],
      ['/ai-chat', false],
      ['/expiry', false],
      ['/shortages', false],
      ['/locations', false],
      ['/reports', false],
      ['/transfers', false],
      ['/user-management', true],
      ['/categories', true],
      ['/suppliers', true],
    ]);
  });

  it('shows only built pages, and admin entries only to administrators', () => {
    const items = [
      ...navItems.slice(0, 2).map((item) => ({ ...item, built: true as const, to: item.to as '/' })),
      ...navItems.slice(2),
    ];
    expect(visibleNavItems(items, { isAdmin: false }).map((item) => item.key)).toEqual([
      'dashboard',
      'inventory',
      'stock-counts',
      'products',
      'pos',
      'expiry',
      'shortages',
      'locations',
      'transfers',
    ]);
    expect(visibleNavItems(navItems, { isAdmin: true }).map((item) => item.key)).toEqual([
      'dashboard',
      'inventory',
      'stock-counts',
      'products',
      'pos',
      'expiry',
      'shortages',
      'locations',
      'transfers',
      'users',
      'categories',
      'suppliers',
    ]);
    expect(visibleNavItems(navItems, { isAdmin: false }).map((item) => item.key)).toEqual([
      'dashboard',
      'inventory',
      'stock-counts',
      'products',
      'pos',
      'expiry',
      'shortages',
      'locations',
      'transfers',
    ]);
  });
});
