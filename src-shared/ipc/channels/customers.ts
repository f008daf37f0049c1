import { z } from 'zod';
import { customerSchema } from '../../api/records';
import { customersListQuerySchema } from '../../api/requests';
import { channel, noInput } from './common';

/** Customers a search or a list page returns at most. */
const resultLimit = z
  .number()
  .int()
  .min(1, { error: 'limit must be at least 1' })
  .max(200, { error: 'limit must be at most 200' })
  .optional();

export const customerSearchInputSchema = z.object({
  query: z.string({ error: 'query is required' }).max(200, { error: 'query must be at most 200 characters' }),
  limit: resultLimit,
});

export const cacheStatusSchema = z.object({
  environmentId: z.string(),
  customers: z.number().int(),
  /** ISO time the last complete sync finished; null when never. */
  lastSyncedAt: z.string().nullable(),
  syncing: z.boolean(),
  /** Pages already stored by an interrupted sync that the next sync resumes from. */
  resumeFromPage: z.number().int().nullable(),
  /** Minutes between scheduled syncs; 0 means only on demand. */
  scheduleMinutes: z.number().int().min(0),
  /** Hours between full sweeps; the syncs between them fetch only what changed. */
  fullSweepHours: z.number().int().min(1),
  /** ISO time the last full sweep completed; null when none has. */
  lastFullSweepAt: z.string().nullable(),
  /** Set when the cache file was unreadable and had to be rebuilt. */
  notice: z.string().nullable(),
});
export type CacheStatus = z.infer<typeof cacheStatusSchema>;

export const syncProgressSchema = z.object({
  environmentId: z.string(),
  phase: z.enum(['starting', 'paging', 'pruning', 'done', 'cancelled', 'failed', 'unchanged']),
  pagesDone: z.number().int(),
  totalPages: z.number().int().nullable(),
  customers: z.number().int(),
  ratePerSecond: z.number(),
  /** Includes the waits the rate limit will impose. */
  etaMs: z.number().nullable(),
  message: z.string().optional(),
  /** Set while the sync waits for the rate limit: when it resumes (Unix ms). */
  waitingUntil: z.number().optional(),
  /** On the last event: customers this sync stored with fields Card Desk could not read, or left out. */
  unreadable: z.number().int().optional(),
});
export type SyncProgress = z.infer<typeof syncProgressSchema>;

/** What every answer from the cache carries: customers, and how fresh the cache is. */
const cacheAnswerShape = {
  results: z.array(customerSchema),
  /** How old the cache is; null when it has never been synced. */
  cacheAgeMs: z.number().nullable(),
  lastSyncedAt: z.string().nullable(),
};

export const customerSearchResultSchema = z.object({
  ...cacheAnswerShape,
  total: z.number().int(),
  /** True when more customers matched than the cache counts (the count stops at a cap); `total` is then the cap. */
  totalCapped: z.boolean().optional(),
});
export type CustomerSearchResult = z.infer<typeof customerSearchResultSchema>;

/** How the customer list can be ordered. `kyc`: not approved first, then approved, then unknown; ties by name. */
export const CUSTOMER_SORTS = ['name', 'createdAt', 'kyc'] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
/** KYC states a list can be narrowed to (`unknown`: the service did not say). */
export const KYC_FILTERS = ['approved', 'notApproved', 'unknown'] as const;
export type KycFilter = (typeof KYC_FILTERS)[number];

export const customerBrowseInputSchema = z.object({
  /** Default `name`. */
  sort: z.enum(CUSTOMER_SORTS, { error: 'sort must be name, createdAt or kyc' }).optional(),
  /** Default `asc` (A to Z, oldest first, not approved first). */
  direction: z.enum(['asc', 'desc'], { error: 'direction must be asc or desc' }).optional(),
  /** Only customers in this KYC state; all when absent. */
  kyc: z.enum(KYC_FILTERS, { error: 'kyc must be approved, notApproved or unknown' }).optional(),
  /**
   * Only customers that have fields Card Desk could not read (in id order; sort and kyc do not apply):
   * the log names each of them and the field.
   */
  unreadable: z.boolean({ error: 'unreadable must be true or false' }).optional(),
  /** Customers to skip (default 0). */
  offset: z.number().int().min(0, { error: 'offset must be 0 or more' }).optional(),
  /** Customers to return (default 50). */
  limit: resultLimit,
});
export type CustomerBrowseInput = z.infer<typeof customerBrowseInputSchema>;

export const customerBrowseResultSchema = z.object({
  ...cacheAnswerShape,
  /** Customers in the list as filtered (all pages). */
  total: z.number().int(),
  /** The offset these results start at. */
  offset: z.number().int(),
  /**
   * The first sync into this cache is still under way and has not built the order by name yet: a list
   * asked for by name is in the order customers arrived, one by KYC state is by date within each state.
   */
  nameOrderPending: z.boolean().optional(),
});
export type CustomerBrowseResult = z.infer<typeof customerBrowseResultSchema>;

export const customersChannels = {
  'customers.list': channel(customersListQuerySchema, z.array(customerSchema)),
  'customers.search': channel(customerSearchInputSchema, customerSearchResultSchema),
  'customers.browse': channel(customerBrowseInputSchema, customerBrowseResultSchema),
  'customers.get': channel(z.object({ id: z.string().min(1).max(64) }), customerSchema),
  'customers.sync': channel(z.object({ full: z.boolean().optional() }).optional(), syncProgressSchema),
  'customers.cancelSync': channel(noInput, z.object({ cancelled: z.boolean() })),
  'customers.cacheStatus': channel(noInput, cacheStatusSchema),
  'customers.setSyncSchedule': channel(
    z.object({
      minutes: z
        .number()
        .int()
        .min(0, { error: 'minutes must be 0 or more' })
        .max(24 * 60, { error: 'minutes must be at most 1440' }),
    }),
    cacheStatusSchema,
  ),
  'customers.setFullSweepHours': channel(
    z.object({
      hours: z
        .number({ error: 'hours is required' })
        .int({ error: 'hours must be a whole number' })
        .min(1, { error: 'hours must be at least 1' })
        .max(24 * 30, { error: 'hours must be at most 720' }),
    }),
    cacheStatusSchema,
  ),
};
