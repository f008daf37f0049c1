// The team database as this room uses it: the active environment's link (team/team-service.ts), with the
// database's refusals answered in the operator's words and the right kind (a refused approval is
// `forbidden`, not a network failure), and this desk's login and name.
import type { PoolClient } from 'pg';
import { err, ok, type ErrorKind, type Result } from '../../src-shared/ipc/result';
import type { TeamStatus } from '../../src-shared/ipc/channels/team';

/** What this room needs of the team service. */
export interface TeamPort {
  status(): TeamStatus;
  use<T>(work: (client: PoolClient) => Promise<T>): Promise<Result<T>>;
  /** Follows notices on the team link's one listening connection; the function returned stops. */
  listen(subscription: {
    channels: readonly string[];
    heard: (channel: string) => void;
    listening?: () => void;
    ended?: () => void;
  }): () => void;
}

/** SQLSTATEs migration 004's functions answer with, and what they mean here. */
const REFUSALS: Record<string, ErrorKind> = {
  '42501': 'forbidden', // insufficient_privilege: the wrong login, an edited body, an expired request
  '23514': 'validation', // check_violation
  '23505': 'conflict', // unique_violation: the same write already asked for
  P0002: 'not_found', // no_data_found
};

interface Refused {
  refused: { kind: ErrorKind; message: string };
}

/** Runs `work` on the team database; a refusal by the database is answered as such, with its message. */
export async function onTeam<T>(team: TeamPort, work: (client: PoolClient) => Promise<T>): Promise<Result<T>> {
  const result = await team.use<{ value: T } | Refused>(async (client) => {
    try {
      return { value: await work(client) };
    } catch (error) {
      const kind = REFUSALS[String((error as { code?: unknown }).code)];
      if (kind) return { refused: { kind, message: `The team database refused: ${(error as Error).message}.` } };
      throw error;
    }
  });
  if (!result.ok) return result;
  if ('refused' in result.data) return err(result.data.refused.kind, result.data.refused.message);
  return ok(result.data.value);
}

/** Why approvals cannot be used now, or null when the team database is connected. */
export function teamProblem(status: TeamStatus): string | null {
  if (status.state === 'connected') return null;
  if (status.state === 'off' || status.state === 'signed_out')
    return 'Approvals need the team database, and this desk is not signed in to one: sign in in Settings → Team.';
  return `Approvals need the team database, which is not connected${status.problem ? ` (${status.problem})` : ''}.`;
}
