import type { Dispute } from '../../../src-shared/api/records';
import { disputesListQuerySchema } from '../../../src-shared/api/requests';
import { isoTime, utc } from '../cells';
import { disputeFilterShape, disputeMatches } from '../../../src-shared/api/dispute-filter';
import { columnFor, defineSource, pageFromApi } from '../export-source';

const column = columnFor<Dispute>();

/** The list's query and the filters the page applies itself (status, dates). */
export const disputesExportQuerySchema = disputesListQuerySchema.extend(disputeFilterShape);

export const disputesSource = defineSource({
  query: disputesExportQuerySchema,
  columns: [
    column('id', (d) => d._id),
    column('transactionId', (d) => d.transaction),
    column('reason', (d) => d.reason),
    column('status', (d) => d.status),
    column('explanation', (d) => d.explanation),
    column(utc('createdAt'), (d) => isoTime(d.createdAt)),
    column(utc('updatedAt'), (d) => isoTime(d.updatedAt)),
  ],
  fetchPage: async (ctx, _query, page, limit) =>
    pageFromApi(await ctx.api.listDisputes({ page, limit }, { signal: ctx.signal })),
  keep: (filter, d) => disputeMatches(d, filter),
});
