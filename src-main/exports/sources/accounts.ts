import type { Account } from '../../../src-shared/api/records';
import { accountsListQuerySchema } from '../../../src-shared/api/requests';
import { isoTime, utc } from '../cells';
import { columnFor, defineSource, pageFromApi } from '../export-source';

type NamedAccount = Account & { customerName?: string };
const column = columnFor<NamedAccount>();

export const accountsSource = defineSource({
  query: accountsListQuerySchema,
  columns: [
    column('id', (a) => a._id),
    column('type', (a) => a.type),
    column('accountName', (a) => a.accountName),
    column('accountNumber', (a) => a.accountNumber),
    column('bankCode', (a) => a.bankCode),
    column('accountType', (a) => a.accountType),
    column('currency', (a) => a.currency),
    column('currentBalance', (a) => a.currentBalance),
    column('availableBalance', (a) => a.availableBalance),
    column('customerId', (a) => a.customer),
    column('customerName', (a) => a.customerName),
    column('isDefault', (a) => a.isDefault),
    column('provider', (a) => a.provider),
    column(utc('createdAt'), (a) => isoTime(a.createdAt)),
  ],
  fetchPage: async (ctx, query, page, limit) =>
    pageFromApi<NamedAccount>(await ctx.api.listAccounts({ ...query, page, limit }, { signal: ctx.signal })),
  enrich: async (ctx, accounts) =>
    Promise.all(accounts.map(async (a) => ({ ...a, customerName: await ctx.customerName(a.customer) }))),
});
