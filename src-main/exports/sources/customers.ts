// Customers, from the customer cache when it has been synced (no request to the service, in the order and
// KYC state the list shows), else from the API page by page. With a search text the export writes the
// search's answer exactly as the Customers page shows it: the same search, the same KYC filter, the same order.
import { z } from 'zod';
import type { Customer } from '../../../src-shared/api/records';
import { customersListQuerySchema } from '../../../src-shared/api/requests';
import { customerBrowseInputSchema, type KycFilter } from '../../../src-shared/ipc/channels/customers';
import { err, ok } from '../../../src-shared/ipc/result';
import { arrangeCustomers } from '../../../src-shared/api/customer-order';
import { customerDisplayName, isoTime, utc } from '../cells';
import { columnFor, defineSource, pageFromApi } from '../export-source';

const column = columnFor<Customer>();

export const customersExportQuerySchema = customersListQuerySchema
  .extend(customerBrowseInputSchema.pick({ sort: true, direction: true, kyc: true }).shape)
  .extend({
    /** The search text of the list; its answer is what is written. */
    search: z.string().trim().max(200, { error: 'search must be at most 200 characters' }).optional(),
    /** How many matches the list shows for a search (default 100). */
    searchLimit: z.coerce
      .number({ error: 'searchLimit must be a whole number' })
      .int({ error: 'searchLimit must be a whole number' })
      .min(1, { error: 'searchLimit must be at least 1' })
      .max(200, { error: 'searchLimit must be at most 200' })
      .optional(),
  });

/** Matches the Customers page shows for a search (and so the export writes). */
export const CUSTOMER_SEARCH_SHOWN = 100;

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
    column(utc('createdAt'), (c) => isoTime(c.createdAt)),
    column(utc('updatedAt'), (c) => isoTime(c.updatedAt)),
  ],
  fetchPage: async (ctx, { sort, direction, kyc, search, searchLimit, ...query }, page, limit) => {
    const cache = ctx.getCustomerCache ? await ctx.getCustomerCache().catch(() => null) : null;
    if (search) {
      // One answer, as the page has it: the search ranks, the list then narrows and orders.
      if (!cache?.search) return err('not_found', 'The customer cache is not available to search.');
      if (page > 0) return ok({ records: [], total: null, pages: 1 });
      const found = await cache.search(search, searchLimit ?? CUSTOMER_SEARCH_SHOWN);
      const records = arrangeCustomers(found.results, { sort, direction, kyc });
      return ok({ records, total: records.length, pages: 1 });
    }
    if (cache?.browse) {
      const r = await cache.browse({ sort, direction, kyc, offset: page * limit, limit });
      if (r.lastSyncedAt !== null) return ok({ records: r.results, total: r.total, pages: Math.ceil(r.total / limit) });
    }
    return pageFromApi(await ctx.api.listCustomers({ ...query, page, limit }, { signal: ctx.signal }));
  },
  // Without a synced cache the API's pages are narrowed here; the cache has already narrowed its own.
  keep: ({ kyc, search }, c) => search !== undefined || kyc === undefined || kycState(c) === kyc,
});
