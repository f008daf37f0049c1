// Which component renders each route. Each page lives in its own folder under ../pages.
import type { RoutePath } from './routes';
import type { Route } from './routes';
import { PlaceholderPage } from '../pages/PlaceholderPage';

export type PageComponent = (props: { route: Route }) => React.JSX.Element;

export const PAGES: Record<RoutePath, PageComponent> = {
  overview: PlaceholderPage,
  customers: PlaceholderPage,
  cards: PlaceholderPage,
  accounts: PlaceholderPage,
  authorizations: PlaceholderPage,
  disputes: PlaceholderPage,
  'funding-sources': PlaceholderPage,
  'name-enquiry': PlaceholderPage,
  journal: PlaceholderPage,
  settings: PlaceholderPage,
};
