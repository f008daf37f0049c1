// The status bar's word on the team's one customer sync, while the desk is signed in to the team database:
// who pages the API for the team (a login on a desk, or this desk), how fresh the team's copy is, and how
// many of its changes this desk's cache has still to read, and when this desk's last sync pass was refused.
import type { TeamStatus } from '../../src-shared/ipc/channels/team';
import { agoText } from '../components/customers/cacheAge';
import { useNow } from './useNow';

/** "alice on DESK-2", "this desk", or that no desk syncs now. */
function syncer(customers: NonNullable<TeamStatus['customers']>): string {
  const by = customers.syncedBy;
  if (!by) return 'no desk syncs now';
  return by.thisDesk ? 'this desk' : `${by.login} on ${by.deskName || 'a desk'}`;
}

export function TeamSyncItem({ team }: { team: TeamStatus }): React.JSX.Element | null {
  const now = useNow(30_000);
  const customers = team.customers;
  if (team.state !== 'connected' || !customers) return null;
  const lastPage = customers.lastPageAt ? Date.parse(customers.lastPageAt) : NaN;
  const fresh = Number.isNaN(lastPage) ? '' : `, ${agoText(Math.max(0, now - lastPage))}`;
  const behind = customers.behind;
  const toRead = behind > 0 ? `, ${behind.toLocaleString('en')} ${behind === 1 ? 'change' : 'changes'} to read` : '';
  const title =
    `Customers are synced for the team by ${syncer(customers)}` +
    (Number.isNaN(lastPage) ? '' : `; the team's copy was last read from the API ${agoText(now - lastPage)}`) +
    (behind > 0
      ? `; this desk has ${behind.toLocaleString('en')} of its changes still to read.`
      : '; this desk holds all of it.');
  const failed = customers.syncFailure ? ', last sync refused' : '';
  return (
    <span
      data-testid="status-team-sync"
      title={customers.syncFailure ? `This desk's last sync pass failed: ${customers.syncFailure}. ${title}` : title}
    >
      Team customers: {syncer(customers)}
      {fresh}
      {toRead}
      {failed}
    </span>
  );
}
