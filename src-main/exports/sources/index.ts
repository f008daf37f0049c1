// Every exportable list, by the name the renderer uses.
import type { EXPORT_SOURCES } from '../../../src-shared/ipc/channels/exports';
import type { ExportSource } from '../export-source';
import { accountsSource } from './accounts';
import { approvalsSource } from './approvals';
import { authorizationsSource } from './authorizations';
import { cardTransactionsSource } from './card-transactions';
import { customersSource } from './customers';
import { disputesSource } from './disputes';
import { fundingSourcesSource } from './funding-sources';
import { journalSource } from './journal';
import { knownCardsSource } from './known-cards';
import { teamJournalSource } from './team-journal';

export type ExportSourceName = (typeof EXPORT_SOURCES)[number];

export const exportSources: Record<ExportSourceName, ExportSource> = {
  customers: customersSource,
  accounts: accountsSource,
  authorizations: authorizationsSource,
  disputes: disputesSource,
  fundingSources: fundingSourcesSource,
  cardTransactions: cardTransactionsSource,
  knownCards: knownCardsSource,
  journal: journalSource,
  teamJournal: teamJournalSource,
  approvals: approvalsSource,
};
