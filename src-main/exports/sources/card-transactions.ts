import type { Transaction } from '../../../src-shared/api/records';
import { cardTransactionsQuerySchema } from '../../../src-shared/api/requests';
import { extractEmbeddedCards } from '../../cards/embedded-cards';
import { idOf, isoTime } from '../cells';
import { defineSource, pageFromApi } from '../export-source';
import { merchantColumns, moneyColumns, partyColumns } from './movement-columns';

export const cardTransactionsSource = defineSource({
  query: cardTransactionsQuerySchema,
  columns: [
    { header: 'id', cell: (r: Transaction) => r._id },
    { header: 'createdAt', cell: (r: Transaction) => isoTime(r.createdAt) },
    { header: 'type', cell: (r: Transaction) => r.type },
    { header: 'authorizationId', cell: (r: Transaction) => idOf(r.authorization) },
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
