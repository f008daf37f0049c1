import { OPERATION_WORDS, journalChannels } from '../../../src-shared/ipc/channels/journal';
import type { JournalEntry } from '../../../src-shared/ipc/channels/journal';
import { err } from '../../../src-shared/ipc/result';
import { bankByCode } from '../../../src-shared/api/banks';
import { FIRST_PREV_HASH, rowHash } from '../../journal/export-chain';
import { customersFor } from '../../journal/customer-filter';
import { type Cell, isoTime, utc } from '../cells';
import { type Column, type SourceContext, columnFor, defineSource, pageOfTotal } from '../export-source';
import { guardFormula } from '../formula-guard';

/** An entry with its place in the export's chain of rows (journal/export-chain.ts). */
type ChainedEntry = JournalEntry & {
  customerName?: string;
  eventHash: string | null;
  row: number;
  rows: number;
  prevRowHash: string;
  rowHash: string;
};

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
  column('eventHash', (e) => e.eventHash),
  column('row', (e) => e.row),
  column('rows', (e) => e.rows),
];

/** A cell as the CSV file holds it (csv-file.ts: formula guard, booleans as words, nothing as empty). */
function written(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  return typeof cell === 'number' ? String(cell) : guardFormula(cell);
}

/** Where each export's chain of rows stands between its pages. */
const chains = new WeakMap<SourceContext, { prev: string; row: number; rows: number }>();

export const journalSource = defineSource({
  query: journalChannels['journal.list'].input,
  columns: [...ENTRY_COLUMNS, column('prevRowHash', (e) => e.prevRowHash), column('rowHash', (e) => e.rowHash)],
  unavailable: ({ getJournal }) =>
    getJournal ? null : 'The journal of writes is not available, so it cannot be exported.',
  fetchPage: async (ctx, query, page, limit) => {
    if (!ctx.getJournal) return err('not_found', 'The journal of writes is not available, so it cannot be exported.');
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
    const chain = chains.get(ctx) ?? { prev: FIRST_PREV_HASH, row: 0, rows: total };
    chains.set(ctx, chain);
    const chained = named.map((entry): ChainedEntry => {
      const base = {
        ...entry,
        eventHash: journal.latestEventHash?.(entry.id) ?? null,
        row: ++chain.row,
        rows: chain.rows,
      };
      const cells = ENTRY_COLUMNS.map((c) => written(c.cell({ ...base, prevRowHash: '', rowHash: '' })));
      const hash = rowHash(chain.prev, cells);
      const row = { ...base, prevRowHash: chain.prev, rowHash: hash };
      chain.prev = hash;
      return row;
    });
    return pageOfTotal(chained, total, limit);
  },
});
