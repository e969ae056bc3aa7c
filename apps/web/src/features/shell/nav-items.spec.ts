import { describe, expect, it } from '@jest/globals';
import { permissionsFor, type Role } from '../../lib/authorization';
import { navItems, visibleNavItems } from './nav-items';

describe('the sidebar registry', () => {
  it('lists every entry of the specification, in its order (Stock Counts after Inventory, Discrepancies after Shortages), admin entries last', () => {
    expect(navItems.map((item) => [item.to, item.adminOnly])).toEqual([
      ['/', false],
      ['/inventory', false],
      ['/stock-counts', false],
      ['/products', false],
      ['/pos', false],
      ['/ai-chat', false],
      ['/expiry', false],
      ['/shortages', false],
      ['/discrepancies', false],
      ['/locations', false],
      ['/reports', false],
      ['/audit', false],
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
      'ai-chat',
      'expiry',
      'shortages',
      'discrepancies',
      'locations',
      'reports',
      'transfers',
    ]);
    expect(visibleNavItems(navItems, { isAdmin: true }).map((item) => item.key)).toEqual([
      'dashboard',
      'inventory',
      'stock-counts',
      'products',
      'pos',
      'ai-chat',
      'expiry',
      'shortages',
      'discrepancies',
      'locations',
      'reports',
      'audit',
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
      'ai-chat',
      'expiry',
      'shortages',
      'discrepancies',
      'locations',
      'reports',
      'transfers',
    ]);
  });

  it('gives each role its entries: auditors read everything a pharmacist does but record nothing, and audit', () => {
    const keysFor = (role: Role) => {
      const permissions = permissionsFor(role);
      return visibleNavItems(navItems, {
        isAdmin: permissions.canManageUsers,
        canAudit: permissions.canAudit,
        canWrite: permissions.canWrite,
      }).map((item) => item.key);
    };
    const pharmacist = keysFor('pharmacist');
    const auditor = keysFor('auditor');
    const admin = keysFor('admin');

    expect(pharmacist).toContain('pos');
    expect(pharmacist).toContain('stock-counts');
    expect(pharmacist).not.toContain('audit');
    // The stock discrepancies from offline sales: reviewed by all three roles.
    for (const keys of [pharmacist, auditor, admin]) expect(keys).toContain('discrepancies');
    // The auditor: the pharmacist's entries without the point of sale and stock counts, plus the Audit screen
    // (the assistant included: asking it changes nothing).
    expect(auditor).toEqual([
      'dashboard',
      'inventory',
      'products',
      'ai-chat',
      'expiry',
      'shortages',
      'discrepancies',
      'locations',
      'reports',
      'audit',
      'transfers',
    ]);
    expect(auditor.filter((key) => key !== 'audit')).toEqual(
      pharmacist.filter((key) => key !== 'pos' && key !== 'stock-counts'),
    );
    // The administrator: everything built, the Audit screen right before Transfers.
    expect(admin.slice(admin.indexOf('audit') - 1, admin.indexOf('audit') + 2)).toEqual([
      'reports',
      'audit',
      'transfers',
    ]);
    expect(admin).toEqual(expect.arrayContaining(['pos', 'stock-counts', 'users', 'categories', 'suppliers']));
  });
});
