// The status bar's word on the team database: nothing when the environment has none; who is signed in;
// and, when the database cannot be reached, that the desk goes on and how many journal events wait; beside
// it, who syncs customers for the team (TeamSyncItem.tsx).
import { useEffect } from 'react';
import type { TeamState } from '../../src-shared/ipc/channels/team';
import { useTeamStore } from '../stores/teamStore';
import { TeamSyncItem } from './TeamSyncItem';

export function TeamStatusItem(): React.JSX.Element | null {
  const team = useTeamStore((s) => s.team);
  const listen = useTeamStore((s) => s.listen);
  const refresh = useTeamStore((s) => s.refresh);
  useEffect(() => {
    const off = listen();
    void refresh();
    return off;
  }, [listen, refresh]);
  if (!team || team.state === 'off') return null;
  const waiting = team.journal.waiting ?? 0;
  const waits =
    (waiting > 0 ? `, ${waiting.toLocaleString('en')} journal ${waiting === 1 ? 'event waits' : 'events wait'}` : '') +
    (team.journal.alarm ? ', team journal alarm (Settings)' : '');
  const text: Record<TeamState, string> = {
    off: '',
    signed_out: 'Team: not signed in',
    connecting: 'Team: connecting…',
    connected: `${team.login ?? team.user ?? ''}${waits}`,
    switching: `Team database: switching${waits}`,
    unreachable: `Team database unreachable${waits}`,
    refused: 'Team database: sign-in refused',
  };
  return (
    <>
      <span
        data-testid="status-team"
        className={`team-${team.state}`}
        title={team.journal.alarm ?? team.problem ?? team.url ?? undefined}
      >
        {team.state === 'connected' ? 'Team: ' : null}
        {text[team.state]}
      </span>
      <TeamSyncItem team={team} />
    </>
  );
}
