// The team journal (every desk's entries in the environment's team database), as the Journal page's *Team*
// view lists it: one row per entry with the database login that made it and the desk it was made on.
import { OPERATION_WORDS } from '../../../src-shared/ipc/channels/journal';
import { teamJournalQuerySchema, type TeamJournalEntry } from '../../../src-shared/ipc/channels/team';
import { err } from '../../../src-shared/ipc/result';
import { isoTime, utc } from '../cells';
import { columnFor, defineSource, pageOfTotal } from '../export-source';

const column = columnFor<TeamJournalEntry>();
const requestText = (e: TeamJournalEntry, key: string) => {
  const v = e.request[key];
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? v : undefined;
};
const NO_TEAM = 'This environment has no team database, so there is no team journal to export.';

export const teamJournalSource = defineSource({
  query: teamJournalQuerySchema.omit({ page: true, limit: true }),
  columns: [
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
  ],
  fetchPage: async (ctx, query, page, limit) => {
    if (!ctx.getTeamJournal) return err('not_found', NO_TEAM);
    const listed = await ctx.getTeamJournal().list({ ...query, page, limit });
    if (!listed.ok) return listed;
    return pageOfTotal(listed.data.entries, listed.data.total, limit);
  },
});
