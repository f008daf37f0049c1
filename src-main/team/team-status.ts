// The team database's state as Settings and the status bar show it (`team.status`, `team.changed`).
import type { TeamCustomersStatus, TeamSignIn, TeamStatus } from '../../src-shared/ipc/channels/team';
import type { JournalOutbox } from './journal-outbox';
import { displayUrl, serverName } from './team-address';
import type { TeamLink } from './team-link';
import type { Desk } from './team-settings';

export { displayUrl };

export interface TeamStatusInput {
  /** The policy's `teamRequiredForWrites` (default true). */
  writesNeedTeam: boolean;
  environmentId: string;
  /** The address the policy sets for the environment, if it does. */
  policyUrl: string | null;
  /** How the policy has operators sign in, if it says. */
  policySignIn: TeamSignIn | null;
  desk: Desk;
  /** The link in use, when the desk is signed in. */
  active: {
    url: string;
    user: string;
    signIn: TeamSignIn;
    link: Pick<TeamLink, 'status' | 'notices'>;
    outbox: Pick<JournalOutbox, 'status'>;
    customers: TeamCustomersStatus | null;
  } | null;
}

/** Why writes are refused now (the policy requires the team database and it cannot be asked), or null. */
function writesRefused(input: TeamStatusInput): string | null {
  const { writesNeedTeam, policyUrl, active } = input;
  if (!writesNeedTeam) return null;
  const so =
    'so Card Desk sends no card or account now: it could not make sure no other desk is sending the same one. Reads and search go on.';
  if (!active)
    return policyUrl
      ? `You are not signed in to the team database ${serverName(policyUrl)} (Settings → Team), ${so}`
      : null;
  const { state } = active.link.status;
  if (state === 'connected' || state === 'connecting') return null;
  return `The team database ${serverName(active.url)} cannot be reached, ${so}`;
}

export function teamStatus(input: TeamStatusInput): TeamStatus {
  const { environmentId, policyUrl, desk, active } = input;
  const base = {
    writesRefused: writesRefused(input),
    environmentId,
    urlSetByPolicy: policyUrl !== null,
    signIn: input.policySignIn ?? active?.signIn ?? 'password',
    signInSetByPolicy: input.policySignIn !== null,
    desk,
    syncer: false,
    login: null,
    journal: { waiting: null, lastSentAt: null, waitingFor: null, alarm: null },
    customers: null,
    notices: null,
  };
  if (!active) {
    const url = policyUrl ? displayUrl(policyUrl) : null;
    return { ...base, state: url ? 'signed_out' : 'off', url, user: null, problem: null, since: null };
  }
  const link = active.link.status;
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
    notices: active.link.notices,
  };
}
