// Who syncs for the team and how fresh the team's copy is, as the status bar says it: the lease holder (its
// login and desk), when the syncer last heard from the API, the team copy's last change, and how many
// changes this desk's cache has still to read.
import type { TeamCustomersStatus } from '../../../src-shared/ipc/channels/team';
import type { TeamLink } from '../team-link';

interface PictureRow {
  holder: string | null;
  holder_desk_id: string | null;
  holder_desk_name: string | null;
  live: boolean;
  last_page_at: Date | null;
  last_seq: string | null;
  last_change_at: Date | null;
  behind: string;
}

/** Changes counted at most when saying how far behind a desk is ("more than …"). */
export const BEHIND_COUNT_CAP = 100_000;

export async function readSyncPicture(
  link: Pick<TeamLink, 'use'>,
  deskId: string,
  appliedSeq: number | null,
): Promise<Omit<TeamCustomersStatus, 'thisDeskSyncs' | 'syncFailure'>> {
  const row = await link.use(async (client) => {
    const { rows } = await client.query<PictureRow>(
      `SELECT s.holder, s.holder_desk_id::text, s.holder_desk_name, coalesce(s.lease_until > now(), false) AS live,
              s.last_page_at, last.change_seq::text AS last_seq,
              last.changed_at AS last_change_at,
              (SELECT count(*) FROM (SELECT FROM card_desk.customers WHERE change_seq > $1 LIMIT $2) AS b)::text
                AS behind
         FROM card_desk.sync_state AS s
         LEFT JOIN LATERAL (SELECT change_seq, changed_at FROM card_desk.customers
                             ORDER BY change_seq DESC LIMIT 1) AS last ON true
        WHERE s.list = 'customers'`,
      [appliedSeq ?? 0, BEHIND_COUNT_CAP],
    );
    return rows[0];
  });
  return {
    syncedBy:
      row?.holder && row.live
        ? { login: row.holder, deskName: row.holder_desk_name ?? '', thisDesk: row.holder_desk_id === deskId }
        : null,
    lastPageAt: row?.last_page_at?.toISOString() ?? null,
    lastChangeAt: row?.last_change_at?.toISOString() ?? null,
    teamSeq: row?.last_seq ? Number(row.last_seq) : null,
    appliedSeq,
    behind: Number(row?.behind ?? 0),
  };
}
