// The Journal's *Team* view: every desk's entries in the environment's team database, each with the
// database logins that sent its events (the database's stamp) and when it received them, the desk it was
// made on, the customer by name, and what happened in words (an approval reads as its steps and who took
// them); filterable, paged and exportable. Shown beside *This desk* only when the environment has a team
// database.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { JOURNAL_OUTCOMES } from '../../../src-shared/ipc/channels/journal';
import { APPROVAL_OPERATION_WORDS } from '../../../src-shared/ipc/channels/approvals';
import type { TeamJournalEntry } from '../../../src-shared/ipc/channels/team';
import type { Column } from '../../components/lists/DataTable';
import { DATE_TIME_WIDTH } from '../../components/lists/columnFit';
import { ExportButton, exportLabel } from '../../components/lists/ExportButton';
import { ListBody } from '../../components/lists/ListBody';
import { ListFooter } from '../../components/lists/ListFooter';
import { useListData } from '../../components/lists/useListData';
import type { ListPaging } from '../../components/lists/useListQuery';
import { IdWithCopy } from '../../components/values/CopyButton';
import { CustomerRef, NamesProvider, useResolvedNames } from '../../components/values/names';
import { APPROVAL_STATE_LABEL } from '../../lib/approval-states';
import { bridge } from '../../lib/bridge';
import { formatDateTimeFull } from '../../lib/format';
import { OUTCOME_LABEL, OutcomeBadge, type Outcome } from './journalFields';
import './journal.css';

/** How often the Team view asks again for other desks' entries. */
const REFRESH_MS = 15_000;

const isOutcome = (o: string): o is Outcome => (JOURNAL_OUTCOMES as readonly string[]).includes(o);

const APPROVAL_STATE: Record<string, string> = {
  ...APPROVAL_STATE_LABEL,
  allowed: 'Login allowed',
  removed: 'Login removed',
  released: 'Claim released',
};

/** The operation as the operator says it: an approval request says it is one. */
function operationText(e: TeamJournalEntry): string {
  const words = APPROVAL_OPERATION_WORDS[e.operation as keyof typeof APPROVAL_OPERATION_WORDS] ?? e.operation;
  if (e.kind === 'approval') return `Approval: ${words}`;
  if (e.kind === 'administration') return e.operation === 'team.desk' ? 'Desk login' : `Claim of ${words}`;
  if (e.kind === 'rules') return 'Approval rules';
  return words;
}

/** The logins that sent the entry's events, in order; each event's login and received time in the title. */
function SentBy({ entry }: { entry: TeamJournalEntry }): React.JSX.Element {
  const logins = [...new Set(entry.steps.map((s) => s.operator))];
  const title = entry.steps
    .map((s) => `${s.kind.replace(/_/g, ' ')}: ${s.operator}, received ${formatDateTimeFull(s.receivedAt)}`)
    .join('\n');
  return <span title={title}>{logins.length > 0 ? logins.join(' → ') : entry.operator}</span>;
}

/** A write: its result or error, its events with their logins in the title; anything else: what happened. */
function WhatHappened({ entry }: { entry: TeamJournalEntry }): React.JSX.Element {
  if (entry.kind !== 'write') return <span title={entry.story}>{entry.story}</span>;
  return (
    <span title={entry.story}>
      {entry.resultId ? (
        <IdWithCopy id={entry.resultId} label="result id" />
      ) : (
        <span className="muted">{entry.error ?? '—'}</span>
      )}
    </span>
  );
}

/** A full time to the second, with its zone, fits in this width. */
const FULL_TIME_WIDTH = DATE_TIME_WIDTH + 25;

const TEAM_COLUMNS: Column<TeamJournalEntry>[] = [
  { id: 'at', header: 'When', accessorFn: (e) => formatDateTimeFull(e.at), width: FULL_TIME_WIDTH },
  { id: 'operator', header: 'Sent by', cell: ({ row }) => <SentBy entry={row.original} />, width: 110 },
  {
    id: 'received',
    header: 'Received',
    accessorFn: (e) => formatDateTimeFull(e.receivedAt),
    width: FULL_TIME_WIDTH,
    priority: 5,
  },
  { id: 'desk', header: 'Desk', accessorFn: (e) => e.deskName, width: 100, priority: 3 },
  { id: 'operation', header: 'Operation', accessorFn: operationText, width: 170, priority: 2 },
  {
    id: 'customer',
    header: 'Customer',
    cell: ({ row }) => (row.original.customerId ? <CustomerRef id={row.original.customerId} /> : '—'),
    width: 130,
    priority: 4,
  },
  { id: 'result', header: 'What happened', cell: ({ row }) => <WhatHappened entry={row.original} />, minWidth: 240 },
  {
    id: 'outcome',
    header: 'Outcome',
    cell: ({ row }) =>
      row.original.kind === 'write' && isOutcome(row.original.outcome) ? (
        <OutcomeBadge outcome={row.original.outcome} />
      ) : (
        (APPROVAL_STATE[row.original.outcome] ?? row.original.outcome)
      ),
    width: 165,
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
  const names = useResolvedNames({ customerIds: list.rows.map((e) => e.customerId) });
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
      <NamesProvider names={names}>
        <ListBody
          label="Team journal entries"
          list={list}
          columns={TEAM_COLUMNS}
          rowKey={(e) => `${e.deskId}/${e.entryId}`}
          empty={
            Object.keys(query).length > 0 ? 'No team journal entry matches.' : 'No desk has sent a journal entry yet.'
          }
        />
      </NamesProvider>
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
