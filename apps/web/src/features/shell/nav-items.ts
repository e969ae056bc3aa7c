import type { RegisteredRouter } from '@tanstack/react-router';
import type { ComponentType, SVGProps } from 'react';
import {
  BoxesIcon,
  CartIcon,
  ChartIcon,
  ClipboardAlertIcon,
  ClipboardCheckIcon,
  ClockIcon,
  DashboardIcon,
  MapPinIcon,
  PillIcon,
  ShieldIcon,
  SparklesIcon,
  TagIcon,
  TransferIcon,
  TruckIcon,
  UsersIcon,
  WarningIcon,
} from '../../components/icons';
import type { MessageId } from '../../i18n/messages';

/** A path the router knows today (checked by TypeScript against the generated route tree). */
type AppPath = Extract<keyof RegisteredRouter['routesByPath'], string>;

interface NavItemBase {
  key: string;
  icon: ComponentType<Omit<SVGProps<SVGSVGElement>, 'children'>>;
  label: { id: MessageId };
  /** Administrators only (specification §2: Users, Categories, Suppliers). */
  adminOnly: boolean;
  /**
   * `audit`: administrators and auditors (the Audit screen). `write`: whoever may
   * record things (the point of sale, stock counts): not auditors, who change nothing.
   */
  requires?: 'audit' | 'write';
}

/**
 * `built: false` entries are pages of the specification that do not exist yet:
 * the sidebar leaves them out rather than link to a 404. The feature that adds
 * a page flips its flag, and TypeScript then insists the path is a real route.
 */
export type NavItem = NavItemBase & ({ built: true; to: AppPath } | { built: false; to: string });

/** Specification §2, "Navigation shell": every entry, in the specification's order (plus Stock Counts and Discrepancies). */
export const navItems: readonly NavItem[] = [
  { key: 'dashboard', to: '/', built: true, icon: DashboardIcon, label: { id: 'nav.dashboard' }, adminOnly: false },
  {
    key: 'inventory',
    to: '/inventory',
    built: true,
    icon: BoxesIcon,
    label: { id: 'nav.inventory' },
    adminOnly: false,
  },
  // Not in the specification's list: stocktakes belong with the stock, so right after Inventory.
  {
    key: 'stock-counts',
    to: '/stock-counts',
    built: true,
    icon: ClipboardCheckIcon,
    label: { id: 'nav.stockCounts' },
    adminOnly: false,
    requires: 'write',
  },
  { key: 'products', to: '/products', built: true, icon: PillIcon, label: { id: 'nav.products' }, adminOnly: false },
  {
    key: 'pos',
    to: '/pos',
    built: true,
    icon: CartIcon,
    label: { id: 'nav.pos' },
    adminOnly: false,
    requires: 'write',
  },
  { key: 'ai-chat', to: '/ai-chat', built: true, icon: SparklesIcon, label: { id: 'nav.aiChat' }, adminOnly: false },
  { key: 'expiry', to: '/expiry', built: true, icon: ClockIcon, label: { id: 'nav.expiry' }, adminOnly: false },
  {
    key: 'shortages',
    to: '/shortages',
    built: true,
    icon: WarningIcon,
    label: { id: 'nav.shortages' },
    adminOnly: false,
  },
  // Issue 15: what sales made offline left for review. Everyone sees it; auditors read it, the others resolve.
  {
    key: 'discrepancies',
    to: '/discrepancies',
    built: true,
    icon: ClipboardAlertIcon,
    label: { id: 'nav.discrepancies' },
    adminOnly: false,
  },
  {
    key: 'locations',
    to: '/locations',
    built: true,
    icon: MapPinIcon,
    label: { id: 'nav.locations' },
    adminOnly: false,
  },
  { key: 'reports', to: '/reports', built: true, icon: ChartIcon, label: { id: 'nav.reports' }, adminOnly: false },
  // The auditors' screen (issue 11): after Reports, before Transfers.
  {
    key: 'audit',
    to: '/audit',
    built: true,
    icon: ShieldIcon,
    label: { id: 'nav.audit' },
    adminOnly: false,
    requires: 'audit',
  },
  {
    key: 'transfers',
    to: '/transfers',
    built: true,
    icon: TransferIcon,
    label: { id: 'nav.transfers' },
    adminOnly: false,
  },
  { key: 'users', to: '/user-management', built: true, icon: UsersIcon, label: { id: 'nav.users' }, adminOnly: true },
  {
    key: 'categories',
    to: '/categories',
    built: true,
    icon: TagIcon,
    label: { id: 'nav.categories' },
    adminOnly: true,
  },
  {
    key: 'suppliers',
    to: '/suppliers',
    built: true,
    icon: TruckIcon,
    label: { id: 'nav.suppliers' },
    adminOnly: true,
  },
];

/**
 * The entries a user with these rights sees: built pages only, admin entries
 * for administrators, the Audit screen for those who may audit, and no
 * recording screens for those who may not write (auditors). Without
 * `canAudit`/`canWrite`, an administrator audits and everyone writes.
 */
export function visibleNavItems(
  items: readonly NavItem[],
  { isAdmin, canAudit = isAdmin, canWrite = true }: { isAdmin: boolean; canAudit?: boolean; canWrite?: boolean },
): (NavItem & { built: true })[] {
  return items.filter(
    (item): item is NavItem & { built: true } =>
      item.built &&
      (isAdmin || !item.adminOnly) &&
      (item.requires !== 'audit' || canAudit) &&
      (item.requires !== 'write' || canWrite),
  );
}
