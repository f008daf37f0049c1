// The team journal (every desk's entries in the environment's team database), as the Journal page's *Team*
// view lists it: one row per entry with the database login that made it and the desk it was made on. Signed
// by the exporting desk's key, as the desk's own journal export is (signed-chain.ts): the file handed to an
// auditor shows which desk exported it and that no row was changed, removed or reordered since.
import { OPERATION_WORDS } from '../../../src-shared/ipc/write-kinds';
import { teamJournalQuerySchema, type TeamJournalEntry } from '../../../src-shared/ipc/channels/team';
import { err } from '../../../src-shared/ipc/result';
import { isoTime, utc } from '../cells';
import { type Column, columnFor, defineSource, pageOfTotal } from '../export-source';
import { type Chained, NO_SIGNING_KEY, exportChain, signedColumns, signedPage } from '../signed-chain';

const column = columnFor<Chained<TeamJournalEntry>>();
const requestText = (e: TeamJournalEntry, key: string) => {
  const v = e.request[key];
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : undefined;
};
const NO_TEAM = 'This environment has no team database, so there is no team journal to export.';

const ENTRY_COLUMNS: Column<Chained<TeamJournalEntry>>[] = [
  column('entryId', (e) => e.entryId),
  column(utc('at'), (e) => isoTime(e.at)),
  column(utc('updatedAt'), (e) => isoTime(e.updatedAt)),
  column('operator', (e) => e.operator),
  column('desk', (e) => e.deskName),
  column('deskId', (e) => e.deskId),
  column('operation', (e) => e.operation),
  column('operationName', (e) => OPERATION_WORDS[e.operation as keyof typeof OPERATION_WORDS] ?? e.operation),
  column('outcome', (e) => e.outcome),
  column('clientReference', (e) => e.clientReference),
  column('resultId', (e) => e.resultId),
  column('error', (e) => e.error),
  column('customerId', (e) => e.customerId),
  column('type', (e) => requestText(e, 'type')),
  column('brand', (e) => requestText(e, 'brand')),
  column('currency', (e) => requestText(e, 'currency')),
  column('amount', (e) => requestText(e, 'amount')),
  column('events', (e) => e.events),
  column(utc('receivedAt'), (e) => isoTime(e.receivedAt)),
  column('sentBy', (e) => [...new Set(e.steps.map((s) => s.operator))].join(' ')),
  column('story', (e) => e.story),
];
const LAYOUT = signedColumns<TeamJournalEntry>(ENTRY_COLUMNS);

export const teamJournalSource = defineSource({
  query: teamJournalQuerySchema.omit({ page: true, limit: true }),
  columns: LAYOUT.columns,
  unavailable: ({ journalSigner }) => (journalSigner ? null : NO_SIGNING_KEY),
  fetchPage: async (ctx, query, page, limit) => {
    if (!ctx.getTeamJournal) return err('not_found', NO_TEAM);
    // The key first: an export that cannot be signed stops before it reads anything.
    const chain = await exportChain(ctx);
    if (!chain.ok) return chain;
    const listed = await ctx.getTeamJournal().list({ ...query, page, limit });
    if (!listed.ok) return listed;
    const entries = listed.data.entries.map((e) => ({ ...e, eventHash: null }));
    return pageOfTotal(signedPage(chain.data, LAYOUT, entries, listed.data.total), listed.data.total, limit);
  },
});
