import { journalChannels } from '../../../src-shared/ipc/channels/journal';
import { OPERATION_WORDS } from '../../../src-shared/ipc/write-kinds';
import type { JournalEntry } from '../../../src-shared/ipc/channels/journal';
import { err } from '../../../src-shared/ipc/result';
import { bankByCode } from '../../../src-shared/api/banks';
import { customersFor } from '../../journal/customer-filter';
import { isoTime, utc } from '../cells';
import { type Column, columnFor, defineSource, pageOfTotal } from '../export-source';
import { type Chained, NO_SIGNING_KEY, exportChain, signedColumns, signedPage } from '../signed-chain';

/** An entry as the export lists it: with the customer's name, and its place in the signed chain of rows. */
type NamedEntry = JournalEntry & { customerName?: string };
type ChainedEntry = Chained<NamedEntry>;

const column = columnFor<ChainedEntry>();
/** A request field as text; only named, non-secret fields are exported (a physical card's number never is). */
const requestText = (e: JournalEntry, key: string) => {
  const v = e.request[key];
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : undefined;
};

/** A text the card's metadata carries (the holder-name check of a bank-account mapping). */
const metadataText = (e: JournalEntry, key: string): string | undefined => {
  const m = e.request.metadata;
  const v = m && typeof m === 'object' ? (m as Record<string, unknown>)[key] : undefined;
  return typeof v === 'string' ? v : undefined;
};
const bankNameOf = (code: unknown): string | undefined =>
  typeof code === 'string' ? bankByCode(code)?.name : undefined;

const ENTRY_COLUMNS: Column<ChainedEntry>[] = [
  column('id', (e) => e.id),
  column(utc('at'), (e) => isoTime(e.at)),
  column('operation', (e) => e.operation),
  // The write in the operator's words beside the API's name for it.
  column('operationName', (e) => OPERATION_WORDS[e.operation]),
  column('outcome', (e) => e.outcome),
  column('operator', (e) => e.operator),
  column('host', (e) => e.host),
  column('clientReference', (e) => e.clientReference),
  column('resultId', (e) => e.resultId),
  column('error', (e) => e.error),
  column('resendAcknowledged', (e) => e.resendAcknowledged),
  column('customerId', (e) => requestText(e, 'customerId')),
  column('customerName', (e) => e.customerName),
  column('type', (e) => requestText(e, 'type')),
  column('brand', (e) => requestText(e, 'brand')),
  column('currency', (e) => requestText(e, 'currency')),
  column('amount', (e) => requestText(e, 'amount')),
  // The facts the review showed before sending, so the file tells what the drawer tells.
  column('status', (e) => requestText(e, 'status')),
  column('debitAccountId', (e) => requestText(e, 'debitAccountId')),
  column('fundingSourceId', (e) => requestText(e, 'fundingSourceId')),
  column('bankCode', (e) => requestText(e, 'bankCode')),
  column('bankName', (e) => bankNameOf(requestText(e, 'bankCode'))),
  column('accountNumber', (e) => requestText(e, 'accountNumber')),
  column('accountHolderName', (e) => metadataText(e, 'accountHolderName')),
  column('holderNameCheck', (e) => metadataText(e, 'holderNameCheck')),
  column('mappedAnywayBecause', (e) => metadataText(e, 'mappedAnywayBecause')),
  column('replacementFor', (e) => requestText(e, 'replacementFor')),
  column('replacementReason', (e) => requestText(e, 'reason')),
  column('expirationDate', (e) => requestText(e, 'expirationDate')),
  column('accountType', (e) => requestText(e, 'accountType')),
];
const LAYOUT = signedColumns<NamedEntry>(ENTRY_COLUMNS);

const NO_JOURNAL = 'The journal of writes is not available, so it cannot be exported.';
const unavailable = (getJournal: unknown, journalSigner: unknown): string | null =>
  !getJournal ? NO_JOURNAL : !journalSigner ? NO_SIGNING_KEY : null;

export const journalSource = defineSource({
  query: journalChannels['journal.list'].input,
  columns: LAYOUT.columns,
  unavailable: ({ getJournal, journalSigner }) => unavailable(getJournal, journalSigner),
  fetchPage: async (ctx, query, page, limit) => {
    if (!ctx.getJournal || !ctx.journalSigner)
      return err('not_found', unavailable(ctx.getJournal, ctx.journalSigner) ?? NO_JOURNAL);
    // The key first: an export that cannot be signed stops before it reads anything.
    const chain = await exportChain(ctx);
    if (!chain.ok) return chain;
    const text = query.query?.trim();
    const customerIds = text ? await ctx.customerIdsNamed(text) : [];
    const { customer, ...rest } = query;
    const forCustomers = customer ? await customersFor(customer, ctx.customerIdsNamed) : undefined;
    const journal = await ctx.getJournal();
    const { entries, total } = await journal.list({
      ...rest,
      customerIds,
      environmentId: ctx.environmentId,
      page,
      limit,
      ...(forCustomers ? { forCustomers } : {}),
    });
    // Names before ids: the customer's name from the customer cache, when known (before the row is hashed).
    const named = await Promise.all(
      entries.map(async (e) => {
        const id = requestText(e, 'customerId');
        const customerName = typeof id === 'string' ? await ctx.customerName(id) : undefined;
        return customerName ? { ...e, customerName } : e;
      }),
    );
    const withHashes = named.map((e) => ({ ...e, eventHash: journal.latestEventHash?.(e.id) ?? null }));
    const chained = signedPage(chain.data, LAYOUT, withHashes, total);
    return pageOfTotal(chained, total, limit);
  },
});
