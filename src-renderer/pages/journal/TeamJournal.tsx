// The Journal's *Team* view: every desk's entries in the environment's team database, each with the
// database login that made it and the desk it was made on; filterable, paged and exportable. Shown beside
// *This desk* only when the environment has a team database.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { JOURNAL_OUTCOMES, OPERATION_WORDS } from '../../../src-shared/ipc/channels/journal';
import type { TeamJournalEntry } from '../../../src-shared/ipc/channels/team';
import type { Column } from '../../components/lists/DataTable';
import { DATE_TIME_WIDTH } from '../../components/lists/columnFit';
import { ExportButton, exportLabel } from '../../components/lists/ExportButton';
import { ListBody } from '../../components/lists/ListBody';
import { ListFooter } from '../../components/lists/ListFooter';
import { useListData } from '../../components/lists/useListData';
import type { ListPaging } from '../../components/lists/useListQuery';
import { IdWithCopy } from '../../components/values/CopyButton';
import { bridge } from '../../lib/bridge';
import { formatDateTime, shortId } from '../../lib/format';
import { OUTCOME_LABEL, OutcomeBadge, type Outcome } from './journalFields';
import './journal.css';

/** How often the Team view asks again for other desks' entries. */
const REFRESH_MS = 15_000;

const isOutcome = (o: string): o is Outcome => (JOURNAL_OUTCOMES as readonly string[]).includes(o);

const TEAM_COLUMNS: Column<TeamJournalEntry>[] = [
  { id: 'at', header: 'When', accessorFn: (e) => formatDateTime(e.at), width: DATE_TIME_WIDTH },
  { id: 'operator', header: 'Operator', accessorFn: (e) => e.operator, width: 130 },
  { id: 'desk', header: 'Desk', accessorFn: (e) => e.deskName, width: 150, priority: 3 },
  {
    id: 'operation',
    header: 'Operation',
    accessorFn: (e) => OPERATION_WORDS[e.operation as keyof typeof OPERATION_WORDS] ?? e.operation,
    width: 125,
    priority: 2,
  },
  {
    id: 'customer',
    header: 'Customer',
    accessorFn: (e) => (e.customerId ? shortId(e.customerId) : '—'),
    width: 130,
    priority: 4,
  },
  {
    id: 'result',
    header: 'Result',
    cell: ({ row }) =>
      row.original.resultId ? (
        <IdWithCopy id={row.original.resultId} label="result id" />
      ) : (
        <span className="muted">{row.original.error ?? '—'}</span>
      ),
    minWidth: 200,
  },
  {
    id: 'outcome',
    header: 'Outcome',
    cell: ({ row }) =>
      isOutcome(row.original.outcome) ? <OutcomeBadge outcome={row.original.outcome} /> : row.original.outcome,
    width: 140,
  },
];

export function TeamJournal({
  outcome,
  onOutcome,
  approval,
  onClearApproval,
  paging,
}: {
  outcome: string;
  onOutcome: (outcome: string) => void;
  /** Only the cards of this approval request (an approved batch's rows), or ''. */
  approval: string;
  onClearApproval: () => void;
  paging: ListPaging;
}): React.JSX.Element {
  const query: { outcome?: Outcome; approvalRequest?: string } = {
    ...(isOutcome(outcome) ? { outcome } : {}),
    ...(approval ? { approvalRequest: approval } : {}),
  };
  const list = useListData<TeamJournalEntry>({
    key: ['team', 'journal', query],
    fetchPage: (page, limit, opts) => bridge().team.journal({ ...query, page, limit }, opts),
    paging,
  });
  // This desk's events arrive when its outbox sends them (team.changed says so); other desks' at any time.
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: ['team', 'journal'] });
    const off = bridge().events.on('team.changed', refresh);
    const timer = window.setInterval(refresh, REFRESH_MS);
    return () => {
      off();
      window.clearInterval(timer);
    };
  }, [queryClient]);
  return (
    <>
      <div className="toolbar">
        <label>
          Outcome
          <select value={outcome} onChange={(e) => onOutcome(e.target.value)}>
            <option value="">All outcomes</option>
            {JOURNAL_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {OUTCOME_LABEL[o]}
              </option>
            ))}
          </select>
        </label>
        {approval ? (
          <button type="button" onClick={onClearApproval} data-testid="approval-filter">
            Only request #{approval} ✕
          </button>
        ) : null}
        <span className="spacer" />
        <ExportButton
          source="teamJournal"
          query={Object.keys(query).length > 0 ? query : undefined}
          label={exportLabel(
            list.pagination?.total,
            'team journal entry',
            'team journal entries',
            Object.keys(query).length > 0,
          )}
          disabled={list.pagination?.total === 0}
        />
      </div>
      <ListBody
        label="Team journal entries"
        list={list}
        columns={TEAM_COLUMNS}
        rowKey={(e) => `${e.deskId}/${e.entryId}`}
        empty={
          Object.keys(query).length > 0 ? 'No team journal entry matches.' : 'No desk has sent a journal entry yet.'
        }
      />
      <ListFooter list={list} paging={paging} />
    </>
  );
}

/** *This desk* and *Team*, as two tabs over the Journal. */
export function JournalTabs({ view, onView }: { view: string; onView: (view: string) => void }): React.JSX.Element {
  const tab = (value: string, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={view === value}
      className={view === value ? 'tab active' : 'tab'}
      onClick={() => onView(value)}
    >
      {label}
    </button>
  );
  return (
    <div role="tablist" aria-label="Whose journal" className="journal-tabs">
      {tab('', 'This desk')}
      {tab('team', 'Team')}
    </div>
  );
}
