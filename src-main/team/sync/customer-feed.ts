// The team's customers as a feed for this desk's cache (cache/sync/feed-runner.ts): the changes after the
// last one the cache holds, by change_seq, read as the records' JSON text and handed over as a list
// envelope's bytes, so the records are checked (and odd ones tolerated) by the cache as an API page's are.
// A customer the team copy marks deleted is sent by id only, in the envelope's `removed`: the cache removes
// it (a complete full sweep of the syncer's marked it: the service no longer lists it).
import type { CustomerFeed, FeedChanges } from '../../cache/team-door';
import type { TeamLink } from '../team-link';

export const TEAM_FEED_NAME = 'the team database';

interface ChangeRow {
  seq: string;
  id: string;
  record: string | null;
}

export interface TeamFeedOptions {
  link: Pick<TeamLink, 'use'>;
  /** Told the last change the desk's cache holds. */
  applied?: (seq: number) => void;
}

export function teamCustomerFeed(options: TeamFeedOptions): CustomerFeed {
  return {
    name: TEAM_FEED_NAME,
    read: (afterSeq, limit) => readChanges(options.link, afterSeq ?? 0, limit),
    applied: (seq) => options.applied?.(seq),
  };
}

async function readChanges(link: Pick<TeamLink, 'use'>, afterSeq: number, limit: number): Promise<FeedChanges> {
  const { rows } = await link.use((client) =>
    client.query<ChangeRow>(
      // Named apart from the column: ORDER BY would otherwise sort by the text.
      `SELECT change_seq::text AS seq, id, CASE WHEN deleted THEN NULL ELSE record::text END AS record
         FROM card_desk.customers WHERE change_seq > $1 ORDER BY change_seq LIMIT $2`,
      [afterSeq, limit],
    ),
  );
  const records = rows.flatMap((r) => (r.record === null ? [] : [r.record]));
  const removed = rows.flatMap((r) => (r.record === null ? [r.id] : []));
  const last = rows.at(-1);
  return {
    body: Buffer.from(`{"data":[${records.join(',')}],"removed":${JSON.stringify(removed)}}`),
    changes: rows.length,
    throughSeq: last ? Number(last.seq) : afterSeq,
  };
}

/**
 * The feed an environment's cache is given: it reads through whatever link is open for the environment now
 * (`current`), and says the team database is not connected while none is.
 */
export function feedThrough(current: () => CustomerFeed | null): CustomerFeed {
  const open = () => {
    const feed = current();
    if (!feed) throw new Error(`${TEAM_FEED_NAME} is not connected yet.`);
    return feed;
  };
  return {
    name: TEAM_FEED_NAME,
    read: async (afterSeq, limit, signal) => open().read(afterSeq, limit, signal),
    applied: (seq) => current()?.applied?.(seq),
  };
}
