import type { Account } from '../../../src-shared/api/records';
import { accountsExportQuerySchema } from '../../../src-shared/api/requests';
import { accountMatches } from '../../../src-shared/api/account-filter';
import { isoTime, utc } from '../cells';
import { columnFor, defineSource, pageFromApi } from '../export-source';

type NamedAccount = Account & { customerName?: string };
const column = columnFor<NamedAccount>();

export const accountsSource = defineSource({
  query: accountsExportQuerySchema,
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
  fetchPage: async (ctx, { search: _search, ...query }, page, limit) =>
    pageFromApi<NamedAccount>(await ctx.api.listAccounts({ ...query, page, limit }, { signal: ctx.signal })),
  // The search the service does not have, as the page applies it: to every account of the filters.
  keep: (query, a) => accountMatches(a, query.search ?? ''),
  enrich: async (ctx, accounts) =>
    Promise.all(accounts.map(async (a) => ({ ...a, customerName: await ctx.customerName(a.customer) }))),
});
