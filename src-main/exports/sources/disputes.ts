import type { Dispute } from '../../../src-shared/api/records';
import { disputesListQuerySchema } from '../../../src-shared/api/requests';
import { isoTime, utc } from '../cells';
import { columnFor, defineSource, pageFromApi } from '../export-source';

const column = columnFor<Dispute>();

export const disputesSource = defineSource({
  query: disputesListQuerySchema,
  columns: [
    column('id', (d) => d._id),
    column('transactionId', (d) => d.transaction),
    column('reason', (d) => d.reason),
    column('status', (d) => d.status),
    column('explanation', (d) => d.explanation),
    column(utc('createdAt'), (d) => isoTime(d.createdAt)),
    column(utc('updatedAt'), (d) => isoTime(d.updatedAt)),
  ],
  fetchPage: async (ctx, query, page, limit) =>
    pageFromApi(await ctx.api.listDisputes({ ...query, page, limit }, { signal: ctx.signal })),
});
