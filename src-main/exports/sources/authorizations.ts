import type { Authorization } from '../../../src-shared/api/records';
import { authorizationsExportQuerySchema } from '../../../src-shared/api/requests';
import { extractEmbeddedCards } from '../../cards/embedded-cards';
import { isoTime, utc } from '../cells';
import { authorizationMatches } from '../../../src-shared/api/authorization-filter';
import { declineReason } from '../../../src-shared/api/decline-reason';
import { columnFor, defineSource, pageFromApi } from '../export-source';
import { merchantColumns, moneyColumns, partyColumns } from './movement-columns';

const column = columnFor<Authorization>();

export const authorizationsSource = defineSource({
  query: authorizationsExportQuerySchema,
  columns: [
    column('id', (r) => r._id),
    column(utc('createdAt'), (r) => isoTime(r.createdAt)),
    column('status', (r) => r.status),
    column('approved', (r) => r.approved),
    column('declineReason', (r) => declineReason(r)),
    column('authorizationMethod', (r) => r.authorizationMethod),
    ...moneyColumns,
    ...merchantColumns,
    ...partyColumns,
  ],
  fetchPage: async (ctx, { fromDate, toDate }, page, limit) =>
    pageFromApi(
      await ctx.api.listAuthorizations(
        { ...(fromDate ? { fromDate } : {}), ...(toDate ? { toDate } : {}), page, limit },
        { signal: ctx.signal },
      ),
    ),
  // The filters the service does not have, as the page applies them: to every authorization of the range.
  keep: (filter, a) => authorizationMatches(a, filter),
  observe: async (ctx, records) => {
    (await ctx.getKnownCards()).observe(extractEmbeddedCards(records), 'authorization');
  },
});
