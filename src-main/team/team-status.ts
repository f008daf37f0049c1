// The team database's state as Settings and the status bar show it (`team.status`, `team.changed`).
import type { TeamCustomersStatus, TeamStatus } from '../../src-shared/ipc/channels/team';
import type { JournalOutbox } from './journal-outbox';
import { displayUrl } from './team-address';
import type { LinkStatus } from './team-link';
import type { Desk } from './team-settings';

export { displayUrl };

export interface TeamStatusInput {
  environmentId: string;
  /** The address the policy sets for the environment, if it does. */
  policyUrl: string | null;
  desk: Desk;
  /** The link in use, when the desk is signed in. */
  active: {
    url: string;
    user: string;
    link: LinkStatus;
    outbox: Pick<JournalOutbox, 'status'>;
    customers: TeamCustomersStatus | null;
  } | null;
}

export function teamStatus({ environmentId, policyUrl, desk, active }: TeamStatusInput): TeamStatus {
  const base = {
    environmentId,
    urlSetByPolicy: policyUrl !== null,
    desk,
    syncer: false,
    login: null,
    journal: { waiting: null, lastSentAt: null },
    customers: null,
  };
  if (!active) {
    const url = policyUrl ? displayUrl(policyUrl) : null;
    return { ...base, state: url ? 'signed_out' : 'off', url, user: null, problem: null, since: null };
  }
  const { link } = active;
  return {
    ...base,
    state: link.state,
    url: displayUrl(active.url),
    user: active.user,
    login: link.login,
    syncer: link.syncer,
    problem: link.problem,
    since: link.since,
    journal: active.outbox.status(),
    customers: active.customers,
  };
}
