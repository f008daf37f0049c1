// The team database's customer sync, on a real PostgreSQL 15 set up by team:setup (test/support/postgres.ts):
// - the API's GET /customers a team of 20 desks costs (one syncer's full sweep and re-sync, through the real
//   TeamSyncer, against the local sandbox) against what one desk alone sends for the same list;
// - 20 simulated desks (each its own login connection, LISTEN connection and sealed cache, as TeamCustomers
//   runs them on a desk) filled from the team copy, then the time from a change written by the lease holder
//   until it is found by a search in all 20 caches;
// - 100 simulated desks' sessions while busy and after a minute at rest (team-connections.ts);
// - a new desk's cache filled from a team copy of `--customers` customers (the local sandbox's, copied in as
//   the administrator), and search on that cache against a desk alone's, synced from the same sandbox.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { CACHE_WORKER_ENTRY, NODE_BUNDLE } from '../../electron.vite.config';
import { createCardApiClient } from '../../src-main/api/client';
import type { CardApiClient } from '../../src-main/api/types';
import { openCustomerCache } from '../../src-main/cache/service';
import { BUILT_WORKER_FILE } from '../../src-main/cache/threads/worker-location';
import type { Logger } from '../../src-main/ports/ports';
import { startSandbox } from '../../src-main/sandbox';
import { teamCustomerFeed } from '../../src-main/team/sync/customer-feed';
import { TeamCustomers } from '../../src-main/team/sync/team-customers';
import { TeamSyncer } from '../../src-main/team/sync/team-syncer';
import { parseTeamAddress } from '../../src-shared/ipc/channels/team';
import { TeamLink } from '../../src-main/team/team-link';
import type { Customer } from '../../src-shared/api/records';
import { testCacheKeys } from '../support/cache-keys';
import { startPostgres, type TestPostgres } from '../support/postgres';
import type { Benchmark } from './benchmark';
import { queriesFor } from './customer-queries';
import { openDeskCache, type DeskCache } from './team-desk-cache';
import { percentile, timeQueries } from './query-timing';
import { copySandboxCustomers } from './team-customers-copy';
import { desksAtRest } from './team-connections';
import type { SandboxHandle } from '../../src-main/sandbox/handle';

const DESKS = 20;
const SWEPT = 2_000;
const CHANGE_ROUNDS = 5;
const SAMPLED = 60;
const DESK = { user: 'bench_desk', password: 'bench-desk-Pa55' };
const SYNCER = { user: 'bench_syncer', password: 'bench-syncer-Pa55' };

const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };

function linkAs(db: TestPostgres, login: { user: string; password: string }): TeamLink {
  const parsed = parseTeamAddress(db.url);
  if (!parsed.ok) throw new Error(parsed.problem);
  return new TeamLink({
    address: parsed.address,
    user: login.user,
    password: async () => login.password,
    extraCa: () => [],
    logger: silent,
  });
}

/** A client whose GET /customers are counted. */
function counted(api: CardApiClient): { api: CardApiClient; pages: () => number } {
  let pages = 0;
  const counting = Object.create(api) as CardApiClient;
  counting.listCustomersBytes = (...args) => {
    pages++;
    return api.listCustomersBytes(...args);
  };
  return { api: counting, pages: () => pages };
}

async function until(check: () => Promise<boolean>, timeoutMs = 600_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

const closeAll = async (opened: DeskCache[]) => {
  for (const o of opened) {
    await o.cache.close();
    rmSync(o.folder, { recursive: true, force: true });
  }
};

/** The API's pages for the team (one syncer) and for one desk alone, a full sweep and a re-sync of 10 new. */
async function apiRequests(db: TestPostgres, workerUrl: string, print: (l: string) => void) {
  const sandbox = await startSandbox({ customers: SWEPT, rateLimit: { limit: 1_000_000, windowMs: 60_000 } });
  const client = createCardApiClient({ baseUrl: sandbox.url, getKey: async () => sandbox.key });
  const team = counted(client);
  const link = linkAs(db, SYNCER);
  await link.start();
  const desk = { id: '00000000-0000-4000-8000-00000000be01', name: 'BENCH-SYNCER' };
  const syncer = new TeamSyncer({ environmentId: 'bench', link, desk, api: async () => team.api, logger: silent });
  const first = await syncer.runNow();
  if (first?.progress.phase !== 'done')
    throw new Error(`the syncer's sweep ended ${first?.progress.phase}: ${first?.progress.message}`);
  const alone = counted(client);
  const loneFolder = mkdtempSync(join(tmpdir(), 'card-desk-team-bench-'));
  const loneCache = await openCustomerCache({
    folder: loneFolder,
    environmentId: 'bench-alone',
    keys: testCacheKeys,
    api: alone.api,
    emit: () => undefined,
    workerUrl,
  });
  await loneCache.sync();
  const sweep = { team: team.pages(), alone: alone.pages() };
  sandbox.customers.add(10);
  await syncer.runNow();
  await loneCache.sync();
  const resync = { team: team.pages() - sweep.team, alone: alone.pages() - sweep.alone };
  print(
    `GET /customers: sweep ${sweep.team} for the team vs ${sweep.alone} alone; re-sync ${resync.team} vs ${resync.alone}`,
  );
  await syncer.stop();
  await link.close();
  await loneCache.close();
  rmSync(loneFolder, { recursive: true, force: true });
  await sandbox.stop();
  return {
    team_api_pages_sweep_20_desks: sweep.team,
    team_api_pages_sweep_one_desk: sweep.alone,
    team_api_pages_ratio_20_desks_vs_one: sweep.team / sweep.alone,
    team_api_pages_resync_20_desks: resync.team,
    team_api_pages_resync_one_desk: resync.alone,
  };
}

/** 20 desks filled from the team copy, then how long a change takes to be found in all 20 caches. */
async function twentyDesks(db: TestPostgres, workerUrl: string, print: (l: string) => void) {
  const desks: { link: TeamLink; customers: TeamCustomers; opened: DeskCache }[] = [];
  const t0 = performance.now();
  for (let i = 0; i < DESKS; i++) {
    const link = linkAs(db, DESK);
    let customers: TeamCustomers | null = null;
    const opened = await openDeskCache(workerUrl, () => customers?.feed ?? null);
    customers = new TeamCustomers({
      environmentId: 'bench',
      link,
      desk: { id: `00000000-0000-4000-8000-0000000000${String(i).padStart(2, '0')}`, name: `DESK-${i}` },
      ports: { cache: async () => opened.cache, api: () => Promise.reject(new Error('no API')) },
      logger: silent,
    });
    link.onConnected(() => customers.connected());
    await link.start();
    desks.push({ link, customers, opened });
  }
  const total = Number((await db.sql('SELECT count(*) AS n FROM card_desk.customers')).rows[0]!.n);
  await until(async () =>
    (await Promise.all(desks.map((d) => d.opened.cache.status()))).every((s) => s.customers >= total),
  );
  const fillAll = (performance.now() - t0) / 1000;
  print(
    `${DESKS} desks opened and filled with ${total.toLocaleString('en')} customers each in ${fillAll.toFixed(1)} s`,
  );

  const holder = await db.connectAs(SYNCER.user, SYNCER.password);
  await holder.query(`SELECT card_desk.take_sync_lease('00000000-0000-4000-8000-00000000be02', 'BENCH', 600)`);
  const times: number[] = [];
  for (let round = 0; round < CHANGE_ROUNDS; round++) {
    const id = `bench-change-${round}`;
    const name = `Zebulon Quixote${round}`;
    const started = performance.now();
    await holder.query('INSERT INTO card_desk.customers (id, record) VALUES ($1, $2)', [
      id,
      JSON.stringify({ _id: id, type: 'individual', name, status: 'active', createdAt: new Date().toISOString() }),
    ]);
    await until(async () => {
      const found = await Promise.all(desks.map((d) => d.opened.cache.searchListed(`Quixote${round}`)));
      return found.every((r) => r.results.length === 1);
    }, 60_000);
    times.push(performance.now() - started);
  }
  await holder.end();
  times.sort((a, b) => a - b);
  print(`a change in all ${DESKS} caches: ${times.map((t) => Math.round(t)).join(', ')} ms`);
  for (const d of desks) {
    await d.customers.stop();
    await d.link.close();
  }
  await closeAll(desks.map((d) => d.opened));
  return {
    team_fill_20_desks_s: fillAll,
    team_change_to_20_desks_p50_ms: percentile(times, 50),
    team_change_to_20_desks_max_ms: times.at(-1)!,
  };
}

/**
 * The cache benchmark's queries (customer-queries.ts) for SAMPLED customers spread over the sandbox's list:
 * the team desk and the desk alone search for the same customers, so their figures compare the caches,
 * not two draws of names (some names cost more to find than others).
 */
async function sampledQueries(sandbox: SandboxHandle, customers: number): Promise<string[]> {
  const api = createCardApiClient({ baseUrl: sandbox.url, getKey: async () => sandbox.key });
  const pages = Math.ceil(customers / 100);
  const sampled: Customer[] = [];
  for (let i = 0; i < SAMPLED; i++) {
    const listed = await api.listCustomers({ page: Math.floor((i * pages) / SAMPLED), limit: 100 });
    if (listed.ok && listed.data[0]) sampled.push(listed.data[0]);
  }
  return queriesFor(sampled);
}

/** A new desk's cache filled from a team copy of `customers`, and search in it. */
async function newDesk(
  db: TestPostgres,
  sandbox: SandboxHandle,
  workerUrl: string,
  customers: number,
  print: (l: string) => void,
) {
  const t0 = performance.now();
  await copySandboxCustomers(db, sandbox, customers);
  print(
    `team copy: ${customers.toLocaleString('en')} customers copied in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  const link = linkAs(db, DESK);
  const feed = teamCustomerFeed({ link });
  const opened = await openDeskCache(workerUrl, () => feed);
  const started = performance.now();
  const filled = await opened.cache.sync();
  const seconds = (performance.now() - started) / 1000;
  if (!filled.ok || filled.data.phase !== 'done') throw new Error(`the fill ended ${JSON.stringify(filled)}`);
  print(`a new desk filled with ${filled.data.customers.toLocaleString('en')} customers in ${seconds.toFixed(1)} s`);
  // One pass to warm the file's pages, then the timed one.
  const queries = await sampledQueries(sandbox, customers);
  await timeQueries(queries, (q) => opened.cache.searchListed(q));
  const times = await timeQueries(queries, (q) => opened.cache.searchListed(q));
  await link.close();
  await closeAll([opened]);
  return {
    team_fill_new_desk_s: seconds,
    team_fill_customers: filled.data.customers,
    team_fill_customers_per_s: filled.data.customers / seconds,
    team_search_p50_ms: percentile(times, 50),
    team_search_p95_ms: percentile(times, 95),
  };
}

/**
 * The same for a desk alone today: its cache filled by paging the local sandbox's `customers` (no rate limit),
 * and searched as the team desk's was, for the search's ratio measured in one run.
 */
async function deskAlone(sandbox: SandboxHandle, workerUrl: string, customers: number, print: (l: string) => void) {
  const api = createCardApiClient({ baseUrl: sandbox.url, getKey: async () => sandbox.key });
  const folder = mkdtempSync(join(tmpdir(), 'card-desk-team-bench-'));
  const cache = await openCustomerCache({
    folder,
    environmentId: 'bench-alone',
    keys: testCacheKeys,
    api,
    emit: () => undefined,
    workerUrl,
  });
  const started = performance.now();
  const synced = await cache.sync();
  const seconds = (performance.now() - started) / 1000;
  if (!synced.ok || synced.data.phase !== 'done') throw new Error(`the sync ended ${JSON.stringify(synced)}`);
  print(`a desk alone synced ${customers.toLocaleString('en')} customers from the sandbox in ${seconds.toFixed(1)} s`);
  const queries = await sampledQueries(sandbox, customers);
  await timeQueries(queries, (q) => cache.searchListed(q));
  const times = await timeQueries(queries, (q) => cache.searchListed(q));
  await cache.close();
  rmSync(folder, { recursive: true, force: true });
  return {
    alone_sync_new_desk_s: seconds,
    alone_search_p50_ms: percentile(times, 50),
    alone_search_p95_ms: percentile(times, 95),
  };
}

export const teamBenchmark: Benchmark = {
  name: 'team',
  run: async (ctx) => {
    const folder = mkdtempSync(join(tmpdir(), 'card-desk-team-bench-worker-'));
    const workerUrl = join(folder, BUILT_WORKER_FILE);
    await build({ ...NODE_BUNDLE, entryPoints: [CACHE_WORKER_ENTRY], outfile: workerUrl });
    // 100 desks' sessions at once (desksAtRest) are more than PostgreSQL's default of 100.
    const db = await startPostgres({ conf: ['max_connections = 400'] });
    const sandbox = await startSandbox({ customers: ctx.customers, rateLimit: { limit: 1e9, windowMs: 60_000 } });
    try {
      await db.createLogin(DESK.user, DESK.password, ['card_desk_operator']);
      await db.createLogin(SYNCER.user, SYNCER.password, ['card_desk_operator', 'card_desk_syncer']);
      const figures = {
        ...(await apiRequests(db, workerUrl, ctx.print)),
        ...(await twentyDesks(db, workerUrl, ctx.print)),
        ...(await desksAtRest(db, DESK, ctx.print)),
        ...(await newDesk(db, sandbox, workerUrl, ctx.customers, ctx.print)),
        ...(await deskAlone(sandbox, workerUrl, ctx.customers, ctx.print)),
      };
      return { ...figures, team_search_p95_ratio: figures.team_search_p95_ms / figures.alone_search_p95_ms };
    } finally {
      await sandbox.stop();
      await db.remove();
      rmSync(folder, { recursive: true, force: true });
    }
  },
};
