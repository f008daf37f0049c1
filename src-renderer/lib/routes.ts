// Hash routes: `#/customers`, `#/cards/<id>`... The first segment picks the page; the rest is its own.
import { useSyncExternalStore } from 'react';

export const ROUTES = [
  { path: 'overview', label: 'Overview' },
  { path: 'customers', label: 'Customers' },
  { path: 'cards', label: 'Cards' },
  { path: 'accounts', label: 'Accounts' },
  { path: 'authorizations', label: 'Authorizations' },
  { path: 'disputes', label: 'Disputes' },
  { path: 'funding-sources', label: 'Funding sources' },
  { path: 'name-enquiry', label: 'Name enquiry' },
  { path: 'bulk-issue', label: 'Issue from a file' },
  { path: 'journal', label: 'Journal' },
  { path: 'approvals', label: 'Approvals' },
  { path: 'settings', label: 'Settings' },
] as const;
export type RoutePath = (typeof ROUTES)[number]['path'];

export interface Route {
  page: RoutePath;
  /** Segments after the page, e.g. ['64f0...'] for `#/cards/64f0...`. */
  params: string[];
  /** The query after `?` in the hash. */
  query: URLSearchParams;
}

export function parseHash(hash: string): Route {
  const raw = hash.replace(/^#\/?/, '');
  const [pathPart = '', queryPart = ''] = raw.split('?', 2);
  const segments = pathPart.split('/').filter(Boolean).map(decodeURIComponent);
  const first = segments[0];
  const page = ROUTES.find((r) => r.path === first)?.path ?? 'overview';
  return { page, params: segments.slice(1), query: new URLSearchParams(queryPart) };
}

export function hrefOf(page: RoutePath, ...params: string[]): string {
  return `#/${[page, ...params.map(encodeURIComponent)].join('/')}`;
}

export function navigate(page: RoutePath, ...params: string[]): void {
  window.location.hash = hrefOf(page, ...params);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => window.location.hash);
  return parseHash(hash);
}
