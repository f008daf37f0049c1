// Which component renders each route. Each page lives in its own folder under ../pages and is its own chunk,
// loaded when first opened: the one the window opens on from the start (`loadPage`), the others in the
// background once the first page is up (`preloadPages`).
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Route, RoutePath } from '../lib/routes';

type PageProps = { route: Route };
type PageModule = { default: ComponentType<PageProps> };

const LOADERS: Record<RoutePath, () => Promise<PageModule>> = {
  overview: () => import('../pages/overview/OverviewPage').then((m) => ({ default: m.OverviewPage })),
  customers: () => import('../pages/customers/CustomersPage').then((m) => ({ default: m.CustomersPage })),
  cards: () => import('../pages/cards/CardsPage').then((m) => ({ default: m.CardsPage })),
  accounts: () => import('../pages/accounts/AccountsPage').then((m) => ({ default: m.AccountsPage })),
  authorizations: () =>
    import('../pages/authorizations/AuthorizationsPage').then((m) => ({ default: m.AuthorizationsPage })),
  disputes: () => import('../pages/disputes/DisputesPage').then((m) => ({ default: m.DisputesPage })),
  'funding-sources': () =>
    import('../pages/funding-sources/FundingSourcesPage').then((m) => ({ default: m.FundingSourcesPage })),
  'name-enquiry': () => import('../pages/name-enquiry/NameEnquiryPage').then((m) => ({ default: m.NameEnquiryPage })),
  'bulk-issue': () => import('../pages/bulk-issue/BulkIssuePage').then((m) => ({ default: m.BulkIssuePage })),
  journal: () => import('../pages/journal/JournalPage').then((m) => ({ default: m.JournalPage })),
  approvals: () => import('../pages/approvals/ApprovalsPage').then((m) => ({ default: m.ApprovalsPage })),
  settings: () => import('../pages/settings/SettingsPage').then((m) => ({ default: m.SettingsPage })),
};

export const PAGES = Object.fromEntries(Object.entries(LOADERS).map(([path, load]) => [path, lazy(load)])) as Record<
  RoutePath,
  LazyExoticComponent<ComponentType<PageProps>>
>;

/** Starts loading a page's chunk ahead of its first render (the module loader keeps the one copy). */
export function loadPage(page: RoutePath): void {
  void LOADERS[page]().catch(() => undefined);
}

/**
 * Fetches every page's chunk in the background, so moving between pages never waits on a load. The charts
 * stay out: Overview loads them itself when it shows them.
 */
export function preloadPages(): void {
  for (const load of Object.values(LOADERS)) void load().catch(() => undefined);
}
