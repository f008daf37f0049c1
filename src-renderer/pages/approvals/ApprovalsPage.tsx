// Approvals: the team's requests for a second person's approval, newest first, filtered by state and (for a
// maker) to their own, exportable as shown. An approver opens one and approves it (this desk then sends it
// once) or rejects it with a reason; a maker withdraws their own while it waits. The database decides who
// may do what; the page shows what it answered.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { APPROVAL_STATES, type Approval } from '../../../src-shared/ipc/channels/approvals';
import { ExportButton, exportLabel } from '../../components/lists/ExportButton';
import { bridge } from '../../lib/bridge';
import { formatDateTime } from '../../lib/format';
import { hrefOf, navigate, type Route } from '../../lib/routes';
import { useBridgeQuery } from '../../lib/useBridgeQuery';
import { useApprovalsStore } from '../../stores/approvalsStore';
import { useTeamStore } from '../../stores/teamStore';
import { ApprovalDetail, STATE_LABEL, operationText } from './ApprovalDetail';
import { shownState } from './ApprovalOutcome';
import './approvals.css';

type StateFilter = (typeof APPROVAL_STATES)[number] | 'all';

function filtersOf(route: Route): { state: StateFilter; mine: boolean } {
  const state = route.query.get('state') ?? 'waiting';
  return {
    state:
      state === 'all' || (APPROVAL_STATES as readonly string[]).includes(state) ? (state as StateFilter) : 'waiting',
    mine: route.query.get('mine') === '1',
  };
}

function setFilters(next: { state: StateFilter; mine: boolean }): void {
  window.location.hash = `${hrefOf('approvals')}?state=${next.state}${next.mine ? '&mine=1' : ''}`;
}

function ApprovalRow({ a }: { a: Approval }): React.JSX.Element {
  const first = a.summary[0];
  return (
    <tr data-testid="approval-row">
      <td>
        <a href={`${hrefOf('approvals', a.id)}`}>#{a.id}</a>
      </td>
      <td>{operationText(a.operation)}</td>
      <td>{first ? first.value : '—'}</td>
      <td>{a.reasons.join('; ')}</td>
      <td>
        {a.maker} <span className="muted">on {a.deskName}</span>
      </td>
      <td>{formatDateTime(a.requestedAt)}</td>
      <td>
        <span className={`approval-state state-${shownState(a)}`}>{STATE_LABEL[shownState(a)]}</span>
        {a.checker ? <span className="muted"> by {a.checker}</span> : null}
      </td>
    </tr>
  );
}

/** Why there are no approvals to show: not signed in, or signed in and the database cannot be reached. */
function NoTeamDatabase(): React.JSX.Element {
  const team = useTeamStore((s) => s.team);
  const state = team?.state ?? 'off';
  const why =
    state === 'unreachable' || state === 'connecting' ? (
      <>
        The team database cannot be reached now, so approvals cannot be read or decided. You are still signed in: Card
        Desk tries again by itself and shows them when it answers.
      </>
    ) : state === 'refused' ? (
      <>
        The team database refused this desk{team?.problem ? `: ${team.problem}` : '.'} See{' '}
        <a href={hrefOf('settings')}>Settings → Team</a>.
      </>
    ) : (
      <>
        Approvals need the team database: sign in to it in <a href={hrefOf('settings')}>Settings → Team</a>.
      </>
    );
  return (
    <p className="muted" role="status" data-testid="approvals-unavailable">
      {why}
    </p>
  );
}

export function ApprovalsPage({ route }: { route: Route }): React.JSX.Element {
  const status = useApprovalsStore((s) => s.status);
  const filters = filtersOf(route);
  const openId = route.params[0] ?? null;
  const query = { state: filters.state, ...(filters.mine ? { mine: true } : {}) };
  const list = useBridgeQuery(['approvals', 'list', query], (o) => bridge().approvals.list(query, o), {
    enabled: status?.available === true,
  });
  // Every step of every request, on any desk, changes the counts main reports (approvals.changed, kept by the
  // store): the list is read again then, including a change told before this page was opened.
  const queryClient = useQueryClient();
  useEffect(() => {
    if (status?.available) void queryClient.invalidateQueries({ queryKey: ['approvals'] });
  }, [queryClient, status]);
  // Looking at Approvals is being told of the decisions on one's own requests (the navigation's badge).
  const markDecisionsSeen = useApprovalsStore((s) => s.markDecisionsSeen);
  useEffect(() => {
    if (status?.myLastDecisionAt) markDecisionsSeen();
  }, [markDecisionsSeen, status?.myLastDecisionAt]);
  const rows = list.data?.data ?? [];
  return (
    <section className="page approvals-page" aria-labelledby="approvals-title">
      <h1 id="approvals-title">Approvals</h1>
      {status?.available !== true ? (
        <NoTeamDatabase />
      ) : (
        <>
          <p className="muted">
            {status.approver
              ? `${status.waitingForMe} waiting for your approval. You cannot approve your own requests.`
              : 'You can send writes for approval; approving them needs a login IT has made an approver.'}
          </p>
          {openId ? <ApprovalDetail id={openId} onClose={() => navigate('approvals')} /> : null}
          <div className="toolbar">
            <label>
              State
              <select
                value={filters.state}
                onChange={(e) => setFilters({ ...filters, state: e.target.value as StateFilter })}
              >
                <option value="all">All states</option>
                {APPROVAL_STATES.map((s) => (
                  <option key={s} value={s}>
                    {STATE_LABEL[s]}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <input
                type="checkbox"
                checked={filters.mine}
                onChange={(e) => setFilters({ ...filters, mine: e.target.checked })}
              />
              Only mine
            </label>
            <span className="spacer" />
            <ExportButton
              source="approvals"
              query={query}
              label={exportLabel(list.data ? rows.length : null, 'request', 'requests', filters.state !== 'all')}
              disabled={rows.length === 0}
            />
          </div>
          {list.error ? <p role="alert">{list.error.message}</p> : null}
          <table className="approvals-table" aria-label="Approval requests">
            <thead>
              <tr>
                <th>Request</th>
                <th>Write</th>
                <th>For</th>
                <th>Why</th>
                <th>Asked by</th>
                <th>Asked</th>
                <th>State</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((a) => (
                <ApprovalRow key={a.id} a={a} />
              ))}
            </tbody>
          </table>
          {list.data && rows.length === 0 ? <p className="muted">No request matches.</p> : null}
        </>
      )}
    </section>
  );
}
