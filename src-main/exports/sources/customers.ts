// Customers, from the customer cache when it has been synced (no request to the service, in the order and
// KYC state the list shows), else from the API page by page.
import type { Customer } from '../../../src-shared/api/records';
import { customersListQuerySchema } from '../../../src-shared/api/requests';
import { customerBrowseInputSchema, type KycFilter } from '../../../src-shared/ipc/channels/customers';
import { ok } from '../../../src-shared/ipc/result';
import { customerDisplayName, isoTime } from '../cells';
import { columnFor, defineSource, pageFromApi } from '../export-source';

const column = columnFor<Customer>();

export const customersExportQuerySchema = customersListQuerySchema.extend(
  customerBrowseInputSchema.pick({ sort: true, direction: true, kyc: true }).shape,
);

const kycState = (c: Customer): KycFilter =>
  c.isApproved === true ? 'approved' : c.isApproved === false ? 'notApproved' : 'unknown';

export const customersSource = defineSource({
  query: customersExportQuerySchema,
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
  fetchPage: async (ctx, { sort, direction, kyc, ...query }, page, limit) => {
    const cache = ctx.getCustomerCache ? await ctx.getCustomerCache().catch(() => null) : null;
    if (cache?.browse) {
      const r = await cache.browse({ sort, direction, kyc, offset: page * limit, limit });
      if (r.lastSyncedAt !== null) return ok({ records: r.results, total: r.total, pages: Math.ceil(r.total / limit) });
    }
    return pageFromApi(await ctx.api.listCustomers({ ...query, page, limit }, { signal: ctx.signal }));
  },
  // Without a synced cache the API's pages are narrowed here; the cache has already narrowed its own.
  keep: ({ kyc }, c) => kyc === undefined || kycState(c) === kyc,
});
