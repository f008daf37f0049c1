// The channels of what happens on the program, read from the service: authorizations, disputes and the
// funding sources money moves from. A page of authorizations teaches the known cards the cards it embeds;
// a page of disputes is remembered, so that asking for their names finds their transactions
// (src-main/cards/observations.ts): listing disputes reads the disputes and nothing else.
import type { Authorization, Dispute } from '../../src-shared/api/records';
import { channelResult } from '../api/read-result';
import type { CardApiClient } from '../api/types';
import type { HandlersFor } from '../ipc/handler';

export type ActivityChannel = 'authorizations.list' | 'disputes.list' | 'fundingSources.list' | 'fundingSources.get';

export interface ActivityHandlerDeps {
  /** The active environment (its client answers the reads). */
  getActive: () => Promise<{ api: CardApiClient }>;
  observe?: {
    cardsIn(records: Authorization[], source: 'authorization'): void;
    disputesListed(disputes: Dispute[], api: CardApiClient): void;
  };
}

export function activityHandlers(deps: ActivityHandlerDeps): HandlersFor<ActivityChannel> {
  const api = async () => (await deps.getActive()).api;
  return {
    'authorizations.list': async (query, { signal }) => {
      const result = await (await api()).listAuthorizations(query, { signal });
      if (result.ok) deps.observe?.cardsIn(result.data, 'authorization');
      return channelResult(result);
    },
    'disputes.list': async (query, { signal }) => {
      const client = await api();
      const result = await client.listDisputes(query, { signal });
      if (result.ok) deps.observe?.disputesListed(result.data, client);
      return channelResult(result);
    },
    'fundingSources.list': async (query, { signal }) =>
      channelResult(await (await api()).listFundingSources(query, { signal })),
    'fundingSources.get': async ({ id }, { signal }) =>
      channelResult(await (await api()).getFundingSource(id, { signal })),
  };
}
