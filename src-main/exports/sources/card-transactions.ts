import type { Transaction } from '../../../src-shared/api/records';
import { cardTransactionsQuerySchema } from '../../../src-shared/api/requests';
import { extractEmbeddedCards } from '../../cards/embedded-cards';
import { idOf, isoTime, utc } from '../cells';
import { columnFor, defineSource, pageFromApi } from '../export-source';
import { merchantColumns, moneyColumns, partyColumns } from './movement-columns';

const column = columnFor<Transaction>();

export const cardTransactionsSource = defineSource({
  query: cardTransactionsQuerySchema,
  columns: [
    column('id', (r) => r._id),
    column(utc('createdAt'), (r) => isoTime(r.createdAt)),
    column('type', (r) => r.type),
    column('authorizationId', (r) => idOf(r.authorization)),
    ...moneyColumns,
    ...merchantColumns,
    ...partyColumns,
  ],
  fetchPage: async (ctx, query, page, limit) =>
    pageFromApi(await ctx.api.listCardTransactions({ ...query, page, limit }, { signal: ctx.signal })),
  observe: async (ctx, records) => {
    (await ctx.getKnownCards()).observe(extractEmbeddedCards(records), 'transaction');
  },
});
