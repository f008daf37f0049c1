import { journalChannels } from '../../../src-shared/ipc/channels/journal';
import type { JournalEntry } from '../../../src-shared/ipc/channels/journal';
import { err } from '../../../src-shared/ipc/result';
import { isoTime, utc } from '../cells';
import { columnFor, defineSource, pageOfTotal } from '../export-source';
import { customersFor } from '../../journal/customer-filter';

const column = columnFor<JournalEntry>();
/** A request field as text; only named, non-secret fields are exported (a physical card's number never is). */
const requestText = (e: JournalEntry, key: string) => {
  const v = e.request[key];
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : undefined;
};

export const journalSource = defineSource({
  query: journalChannels['journal.list'].input,
  columns: [
    column('id', (e) => e.id),
    column(utc('at'), (e) => isoTime(e.at)),
    column('operation', (e) => e.operation),
    column('outcome', (e) => e.outcome),
    column('clientReference', (e) => e.clientReference),
    column('resultId', (e) => e.resultId),
    column('error', (e) => e.error),
    column('resendAcknowledged', (e) => e.resendAcknowledged),
    column('customerId', (e) => requestText(e, 'customerId')),
    column('customerName', (e) => (e as JournalEntry & { customerName?: string }).customerName),
    column('type', (e) => requestText(e, 'type')),
    column('brand', (e) => requestText(e, 'brand')),
    column('currency', (e) => requestText(e, 'currency')),
    column('amount', (e) => requestText(e, 'amount')),
  ],
  // Names before ids: the customer's name from the customer cache, when known.
  enrich: async (ctx, entries) =>
    Promise.all(
      entries.map(async (e) => {
        const id = requestText(e, 'customerId');
        const customerName = typeof id === 'string' ? await ctx.customerName(id) : undefined;
        return customerName ? { ...e, customerName } : e;
      }),
    ),
  unavailable: ({ getJournal }) =>
    getJournal ? null : 'The journal of writes is not available, so it cannot be exported.',
  fetchPage: async (ctx, query, page, limit) => {
    if (!ctx.getJournal) return err('not_found', 'The journal of writes is not available, so it cannot be exported.');
    const text = query.query?.trim();
    const customerIds = text ? await ctx.customerIdsNamed(text) : [];
    const { customer, ...rest } = query;
    const forCustomers = customer ? await customersFor(customer, ctx.customerIdsNamed) : undefined;
    const { entries, total } = await (
      await ctx.getJournal()
    ).list({
      ...rest,
      customerIds,
      environmentId: ctx.environmentId,
      page,
      limit,
      ...(forCustomers ? { forCustomers } : {}),
    });
    return pageOfTotal(entries, total, limit);
  },
});
