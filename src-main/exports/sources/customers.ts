import type { Customer } from '../../../src-shared/api/records';
import { customersListQuerySchema } from '../../../src-shared/api/requests';
import { customerDisplayName, isoTime } from '../cells';
import { columnFor, defineSource, pageFromApi } from '../export-source';

const column = columnFor<Customer>();

export const customersSource = defineSource({
  query: customersListQuerySchema,
  columns: [
    column('id', (c) => c._id),
    column('name', (c) => customerDisplayName(c)),
    column('firstName', (c) => c.individual?.firstName),
    column('lastName', (c) => c.individual?.lastName),
    column('type', (c) => c.type),
    column('status', (c) => c.status),
    column('approved', (c) => c.isApproved),
    column('emailAddress', (c) => c.emailAddress),
    column('phoneNumber', (c) => c.phoneNumber),
    column('city', (c) => c.billingAddress?.city),
    column('state', (c) => c.billingAddress?.state),
    column('country', (c) => c.billingAddress?.country),
    column('createdAt', (c) => isoTime(c.createdAt)),
    column('updatedAt', (c) => isoTime(c.updatedAt)),
  ],
  fetchPage: async (ctx, query, page, limit) =>
    pageFromApi(await ctx.api.listCustomers({ ...query, page, limit }, { signal: ctx.signal })),
});
