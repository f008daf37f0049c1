// Where the syncer's pages of GET /customers go: the team database, as the cache's re-sync (cache/sync/
// resync.ts) writes a cache. Each page is one transaction: its customers upserted into card_desk.customers
// (a customer whose record is unchanged is not written again, so it takes no new change_seq) and the
// sync's cursor after it in card_desk.sync_state, with the list's shape. A syncer that stops mid-sweep
// leaves the cursor there, so the next one, on any desk, resumes at the first page not stored. The
// database lets only the lease holder write either (row-level security): a lapsed lease fails the page.
// Each write stamps the customer's seen_at (schema 006); when a full sweep completes (its pages stored in
// order from page 0, by one syncer or several), the customers not seen since it started are marked deleted,
// in the transaction that completes it, unless they are too many (removal-guard.ts).
import type pg from 'pg';
import { parseJson } from '../../api/envelope-reader';
import {
  DEFAULT_FULL_SWEEP_HOURS,
  PAGE_SIZE,
  parseShape,
  type FetchedPage,
  type ListShape,
  type PageStored,
  type ResyncStorePort,
  type SyncState,
} from '../../cache/team-door';
import type { Logger } from '../../ports/ports';
import type { TeamLink } from '../team-link';
import { removalVerdict } from './removal-guard';

/** The sync's state as it lives in sync_state.cursor (JSON): the cache's SyncState, team-wide. */
export interface TeamCursor {
  generation: number;
  nextPage: number | null;
  totalPages: number | null;
  customersDone: number;
  pendingEtag: string | null;
  etag: string | null;
  lastSyncedAt: string | null;
  lastTotalPages: number | null;
  customerCount: number;
  /** A full sweep is under way (from its page 0 until it completes): completing it removes the unseen. */
  sweep: boolean;
}

const START: TeamCursor = {
  generation: 0,
  nextPage: null,
  totalPages: null,
  customersDone: 0,
  pendingEtag: null,
  etag: null,
  lastSyncedAt: null,
  lastTotalPages: null,
  customerCount: 0,
  sweep: false,
};

export class LeaseLostError extends Error {
  override readonly name = 'LeaseLostError';
  constructor() {
    super("This desk no longer holds the team's sync lease; another desk syncs for the team.");
  }
}

type Link = Pick<TeamLink, 'use'>;

async function readCursor(client: pg.ClientBase, lock = false): Promise<TeamCursor> {
  const { rows } = await client.query<{ cursor: string | null }>(
    `SELECT cursor FROM card_desk.sync_state WHERE list = 'customers'${lock ? ' FOR UPDATE' : ''}`,
  );
  const parsed = rows[0]?.cursor ? (parseJson(rows[0].cursor) as Partial<TeamCursor> | undefined) : undefined;
  return { ...START, ...(parsed && typeof parsed === 'object' ? parsed : {}) };
}

/** Writes the cursor (and what else is set) as the lease holder; none written means the lease is gone. */
async function writeCursor(
  client: pg.ClientBase,
  cursor: TeamCursor,
  extra = '',
  params: unknown[] = [],
): Promise<void> {
  const result = await client.query(
    `UPDATE card_desk.sync_state SET cursor = $1, last_page_at = now(), updated_at = now()${extra}
      WHERE list = 'customers'`,
    [JSON.stringify(cursor), ...params],
  );
  if (result.rowCount !== 1) throw new LeaseLostError();
}

async function inTransaction<T>(link: Link, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  return link.use(async (client) => {
    await client.query('BEGIN');
    try {
      const result = await work(client);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  });
}

/** The page's records as the service sent them, one per id (the last wins), and its page count. */
function readPage(
  page: FetchedPage,
): { records: Map<string, unknown>; sent: number; totalPages: number | null } | null {
  const text = Buffer.from(page.body.buffer, page.body.byteOffset, page.body.byteLength).toString('utf8');
  const parsed = parseJson(text) as { data?: unknown; pagination?: { pages?: unknown } } | undefined;
  if (!parsed || !Array.isArray(parsed.data)) return null;
  const records = new Map<string, unknown>();
  for (const record of parsed.data) {
    const id = (record as { _id?: unknown } | null)?._id;
    // A record without an id cannot be kept (nor found again); the desks' caches read the rest.
    if (typeof id === 'string' && id.length > 0 && id.length <= 100) records.set(id, record);
  }
  const pages = Number(parsed.pagination?.pages);
  const sent = parsed.data.length;
  return { records, sent, totalPages: Number.isFinite(pages) ? pages : sent < PAGE_SIZE ? page.page + 1 : null };
}

/**
 * At the end of a complete full sweep: marks deleted the customers not seen since the sweep started (the
 * team's full_sweep_started_at), unless removalVerdict refuses; answers how many were marked.
 */
async function removeUnseen(client: pg.ClientBase, logger?: Pick<Logger, 'info' | 'warn'>): Promise<number> {
  const unseen = `FROM card_desk.customers c, card_desk.sync_state s
    WHERE s.list = 'customers' AND NOT c.deleted AND (c.seen_at IS NULL OR c.seen_at < s.full_sweep_started_at)`;
  const { rows } = await client.query<{ present: string; unseen: string }>(
    `SELECT (SELECT count(*) FROM card_desk.customers WHERE NOT deleted) AS present, (SELECT count(*) ${unseen}) AS unseen`,
  );
  const verdict = removalVerdict(Number(rows[0]?.present ?? 0), Number(rows[0]?.unseen ?? 0));
  if (!verdict.remove) {
    logger?.warn({ unseen: verdict.count }, verdict.reason);
    return 0;
  }
  if (verdict.count === 0) return 0;
  const marked = await client.query(
    `UPDATE card_desk.customers SET deleted = true WHERE id IN (SELECT c.id ${unseen})`,
  );
  logger?.info({ removed: marked.rowCount }, 'customers the service no longer lists were removed from the team copy');
  return marked.rowCount ?? 0;
}

export function teamSyncStore(link: Link, logger?: Pick<Logger, 'info' | 'warn'>): ResyncStorePort {
  const updateShape = (shape: ListShape | null) =>
    inTransaction(link, async (client) => {
      const result = await client.query(
        `UPDATE card_desk.sync_state SET list_shape = $1, updated_at = now() WHERE list = 'customers'`,
        [shape ? JSON.stringify(shape) : null],
      );
      if (result.rowCount !== 1) throw new LeaseLostError();
    });
  // The re-sync hands pages over without waiting for the one before (cache/sync/page-write-queue.ts): they
  // are stored one after another, in the order given, as the cache's worker stores them.
  let lastPage: Promise<unknown> = Promise.resolve();
  const inOrder = (page: FetchedPage): Promise<PageStored> => {
    const stored = lastPage.catch(() => undefined).then(() => inTransaction(link, (c) => storePage(c, page)));
    lastPage = stored;
    return stored;
  };
  return {
    syncState: () => link.use(async (client) => toSyncState(await readCursor(client))),
    storePage: inOrder,
    finishGeneration: (generation, at) =>
      inTransaction(link, async (client) => {
        const cursor = await readCursor(client, true);
        if (cursor.generation !== generation) throw new Error(`Sync ${generation} is no longer the current one.`);
        const pruned = cursor.sweep ? await removeUnseen(client, logger) : 0;
        const { rows } = await client.query<{ n: string }>(
          'SELECT count(*) AS n FROM card_desk.customers WHERE NOT deleted',
        );
        const customerCount = Number(rows[0]?.n ?? 0);
        await writeCursor(client, {
          ...cursor,
          nextPage: null,
          totalPages: null,
          customersDone: 0,
          etag: cursor.pendingEtag,
          pendingEtag: null,
          lastSyncedAt: at,
          lastTotalPages: cursor.totalPages,
          customerCount,
          sweep: false,
        });
        return { pruned, customerCount };
      }),
    markUnchanged: (at) =>
      inTransaction(link, async (client) => {
        await writeCursor(client, { ...(await readCursor(client, true)), lastSyncedAt: at });
      }),
    listShape: () =>
      link.use(async (client) => {
        const { rows } = await client.query<{ shape: string | null }>(
          `SELECT list_shape::text AS shape FROM card_desk.sync_state WHERE list = 'customers'`,
        );
        return { shape: parseShape(rows[0]?.shape ?? null), fullSweepHours: DEFAULT_FULL_SWEEP_HOURS };
      }),
    setListShape: updateShape,
    beginIncremental: (generation, page, shape) =>
      inTransaction(link, async (client) => {
        const cursor = await readCursor(client, true);
        if (cursor.generation !== generation) throw new Error(`Sync ${generation} is no longer the current one.`);
        if (cursor.nextPage !== null) throw new Error('Another sync is under way for the team.');
        const started = { ...cursor, nextPage: page, customersDone: 0, pendingEtag: cursor.etag };
        await writeCursor(client, started, ', list_shape = $2', [JSON.stringify(shape)]);
      }),
  };
}

function toSyncState(cursor: TeamCursor): SyncState {
  return {
    generation: cursor.generation,
    nextPage: cursor.nextPage,
    totalPages: cursor.totalPages,
    customersDone: cursor.customersDone,
    etag: cursor.etag,
    lastSyncedAt: cursor.lastSyncedAt,
    lastTotalPages: cursor.lastTotalPages,
    customerCount: cursor.customerCount,
    scheduleMinutes: 0,
  };
}

/** One page in one transaction: its customers and the cursor after it, in the sweep's order. */
async function storePage(client: pg.PoolClient, page: FetchedPage): Promise<PageStored> {
  const read = readPage(page);
  if (!read) return { readable: false };
  const cursor = await readCursor(client, true);
  let next: TeamCursor;
  let startsSweep = false;
  if (page.generation === null) {
    if (page.page !== 0) throw new Error('A new sync generation starts at page 0.');
    next = {
      ...cursor,
      generation: cursor.generation + 1,
      customersDone: 0,
      pendingEtag: page.etag ?? null,
      sweep: true,
    };
    startsSweep = true;
  } else if (page.generation !== cursor.generation || cursor.nextPage !== page.page) {
    throw new Error(
      `Page ${page.page} of sync ${page.generation} is out of order; the team's sync expects page ${cursor.nextPage} of sync ${cursor.generation}.`,
    );
  } else next = { ...cursor };
  if (read.records.size > 0) {
    // Every customer of the page is written, so its seen_at is stamped; the stamp gives a new change_seq
    // only to one whose record or deleted changed (schema 006), so the desks re-read no unchanged one.
    await client.query(
      `INSERT INTO card_desk.customers (id, record)
       SELECT r->>'_id', r FROM jsonb_array_elements($1::jsonb) AS r
       ON CONFLICT (id) DO UPDATE SET record = EXCLUDED.record, deleted = false`,
      [JSON.stringify([...read.records.values()])],
    );
  }
  next = {
    ...next,
    nextPage: page.page + 1,
    totalPages: read.totalPages,
    customersDone: next.customersDone + read.sent,
  };
  await writeCursor(client, next, startsSweep ? ', full_sweep_started_at = now()' : '');
  return {
    readable: true,
    generation: next.generation,
    customersDone: next.customersDone,
    customers: read.sent,
    totalPages: read.totalPages,
  };
}
