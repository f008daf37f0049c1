import type { FundingSource } from '../../../src-shared/api/records';
import { fundingSourcesListQuerySchema } from '../../../src-shared/api/requests';
import { isoTime, utc } from '../cells';
import { columnFor, defineSource, pageFromApi } from '../export-source';

const column = columnFor<FundingSource>();

export const fundingSourcesSource = defineSource({
  query: fundingSourcesListQuerySchema,
  columns: [
    column('id', (f) => f._id),
    column('type', (f) => f.type),
    column('status', (f) => f.status),
    column(utc('createdAt'), (f) => isoTime(f.createdAt)),
    column(utc('updatedAt'), (f) => isoTime(f.updatedAt)),
  ],
  fetchPage: async (ctx, query, page, limit) =>
    pageFromApi(await ctx.api.listFundingSources({ ...query, page, limit }, { signal: ctx.signal })),
});
