// Which component renders each route. Each page lives in its own folder under ../pages.
import type { Route, RoutePath } from '../lib/routes';
import { OverviewPage } from '../pages/overview/OverviewPage';
import { AccountsPage } from '../pages/accounts/AccountsPage';
import { AuthorizationsPage } from '../pages/authorizations/AuthorizationsPage';
import { DisputesPage } from '../pages/disputes/DisputesPage';
import { FundingSourcesPage } from '../pages/funding-sources/FundingSourcesPage';
import { CardsPage } from '../pages/cards/CardsPage';
import { CustomersPage } from '../pages/customers/CustomersPage';
import { NameEnquiryPage } from '../pages/name-enquiry/NameEnquiryPage';
import { SettingsPage } from '../pages/settings/SettingsPage';
import { JournalPage } from '../pages/journal/JournalPage';

export type PageComponent = (props: { route: Route }) => React.JSX.Element;

export const PAGES: Record<RoutePath, PageComponent> = {
  overview: OverviewPage,
  customers: CustomersPage,
  cards: CardsPage,
  accounts: AccountsPage,
  authorizations: AuthorizationsPage,
  disputes: DisputesPage,
  'funding-sources': FundingSourcesPage,
  'name-enquiry': NameEnquiryPage,
  journal: JournalPage,
  settings: SettingsPage,
};
