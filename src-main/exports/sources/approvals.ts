// The approval requests the Approvals page shows (its state filter, and "only mine"), with who asked, who
// decided, when, why, and how each ended: what an auditor of dual control reads.
import { approvalsListQuerySchema, type Approval } from '../../../src-shared/ipc/channels/approvals';
import { err } from '../../../src-shared/ipc/result';
import { isoTime, utc } from '../cells';
import { columnFor, defineSource, pageOfTotal } from '../export-source';

const column = columnFor<Approval>();
const NO_TEAM = 'This environment has no team database, so there are no approval requests to export.';

export const approvalsSource = defineSource({
  query: approvalsListQuerySchema,
  columns: [
    column('id', (a) => a.id),
    column('operation', (a) => a.operation),
    column('state', (a) => a.state),
    column('summary', (a) => a.summary.map((l) => `${l.label}: ${l.value}`).join('; ')),
    column('reasons', (a) => a.reasons.join('; ')),
    column('maker', (a) => a.maker),
    column('desk', (a) => a.deskName),
    column('note', (a) => a.note),
    column(utc('requestedAt'), (a) => isoTime(a.requestedAt)),
    column(utc('expiresAt'), (a) => isoTime(a.expiresAt)),
    column('checker', (a) => a.checker),
    column(utc('decidedAt'), (a) => isoTime(a.decidedAt ?? undefined)),
    column('decisionNote', (a) => a.decisionNote),
    column('sentFromDesk', (a) => a.sendingDeskName),
    column('resultId', (a) => a.resultId),
    column('outcome', (a) => a.outcomeMessage),
    column('environmentId', (a) => a.environmentId),
    column('environmentAddress', (a) => a.environmentAddress),
    column('bodySha256', (a) => a.bodySha256),
  ],
  // One page: the list holds at most 1,000 requests (the newest).
  fetchPage: async (ctx, query, page, limit) => {
    if (!ctx.getApprovals) return err('not_found', NO_TEAM);
    if (page > 0) return pageOfTotal([], 0, limit);
    const listed = await ctx.getApprovals().list(query);
    if (!listed.ok) return listed;
    return pageOfTotal(listed.data, listed.data.length, Math.max(limit, listed.data.length));
  },
});
