import type { Authorization } from '../../../src-shared/api/records';
import { authorizationsListQuerySchema } from '../../../src-shared/api/requests';
import { extractEmbeddedCards } from '../../cards/embedded-cards';
import { isoTime } from '../cells';
import { defineSource, pageFromApi } from '../export-source';
import { merchantColumns, moneyColumns, partyColumns } from './movement-columns';

export const authorizationsSource = defineSource({
  query: authorizationsListQuerySchema,
  columns: [
    { header: 'id', cell: (r: Authorization) => r._id },
    { header: 'createdAt', cell: (r: Authorization) => isoTime(r.createdAt) },
    { header: 'status', cell: (r: Authorization) => r.status },
    { header: 'approved', cell: (r: Authorization) => r.approved },
    { header: 'authorizationMethod', cell: (r: Authorization) => r.authorizationMethod },
    ...moneyColumns,
    ...merchantColumns,
    ...partyColumns,
  ],
  fetchPage: async (ctx, query, page, limit) =>
    pageFromApi(await ctx.api.listAuthorizations({ ...query, page, limit }, { signal: ctx.signal })),
  observe: async (ctx, records) => {
    (await ctx.getKnownCards()).observe(extractEmbeddedCards(records), 'authorization');
  },
});
