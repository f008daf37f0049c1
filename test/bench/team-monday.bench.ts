// Monday morning, on a real PostgreSQL 15 set up by team:setup (test/support/postgres.ts): `--desks` desks
// (default 20) open at once with empty caches and fill them from one team copy of `--customers` customers
// (the local sandbox's, copied in as the administrator: team-customers-copy.ts), each as a desk does
// (its own TeamLink and the team feed into its own sealed cache, in a worker thread). Measured: the time until
// the last desk finds a customer of the end of the list, PostgreSQL's CPU over that time (its server
// processes' user + system time, from /proc, exited backends included through the postmaster's reaped
// children), and the same for one desk alone from the same copy, first. The desks run in this one process on
// this machine's cores (in an office each desk has its own computer): their CPU is printed beside PostgreSQL's.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { CACHE_WORKER_ENTRY, NODE_BUNDLE } from '../../electron.vite.config';
import type { CustomerCacheService } from '../../src-main/cache/service';
import { BUILT_WORKER_FILE } from '../../src-main/cache/threads/worker-location';
import type { Logger } from '../../src-main/ports/ports';
import { startSandbox } from '../../src-main/sandbox';
import { teamCustomerFeed } from '../../src-main/team/sync/customer-feed';
import { TeamLink } from '../../src-main/team/team-link';
import { parseTeamAddress } from '../../src-shared/ipc/channels/team';
import { startPostgres, type TestPostgres } from '../support/postgres';
import type { Benchmark } from './benchmark';
import { copySandboxCustomers } from './team-customers-copy';
import { openDeskCache } from './team-desk-cache';

const DESK = { user: 'bench_desk', password: 'bench-desk-Pa55' };
const silent: Logger = { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined };
const TICKS = 100; // USER_HZ on Linux

/** CPU seconds the server's processes have used: the postmaster, its reaped children and the live ones. */
function serverCpu(postmaster: number): number {
  const fields = (pid: number) => {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  };
  // After the name: state(0) ppid(1) … utime(11) stime(12) cutime(13) cstime(14).
  const own = fields(postmaster);
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  const children = readFileSync(`/proc/${postmaster}/task/${postmaster}/children`, 'utf8').trim().split(/\s+/);
  for (const child of children.filter(Boolean)) {
    try {
      const f = fields(Number(child));
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // It ended meanwhile: its time is in the postmaster's reaped children's now.
    }
  }
  return ticks / TICKS;
}

/** The postmaster: the parent of a backend, read while that backend's connection is open. */
async function postmasterOf(db: TestPostgres): Promise<number> {
  const admin = await db.admin();
  try {
    const pid = Number((await admin.query('SELECT pg_backend_pid() AS pid')).rows[0]!.pid);
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } finally {
    await admin.end();
  }
}

interface Desk {
  link: TeamLink;
  folder: string;
  cache: CustomerCacheService;
}

async function openDesk(db: TestPostgres, workerUrl: string): Promise<Desk> {
  const parsed = parseTeamAddress(db.url);
  if (!parsed.ok) throw new Error(parsed.problem);
  const link = new TeamLink({
    address: parsed.address,
    user: DESK.user,
    password: async () => DESK.password,
    extraCa: () => [],
    logger: silent,
  });
  const feed = teamCustomerFeed({ link });
  const { folder, cache } = await openDeskCache(workerUrl, () => feed);
  return { link, folder, cache };
}

/** `count` desks filled at once; seconds until the last finds `lastName`, and PostgreSQL's CPU meanwhile. */
async function fillAtOnce(db: TestPostgres, workerUrl: string, count: number, lastName: string) {
  const postmaster = await postmasterOf(db);
  const desks = await Promise.all(Array.from({ length: count }, () => openDesk(db, workerUrl)));
  const cpu0 = serverCpu(postmaster);
  const ours0 = process.cpuUsage();
  let retries = 0;
  const t0 = performance.now();
  const each = await Promise.all(
    desks.map(async (desk) => {
      // A fill the database did not answer in time (a connection's 10 s limit on a crowded machine) is run
      // again, as the desk's own schedule would: it goes on from where it was.
      for (let attempt = 1; ; attempt++) {
        const filled = await desk.cache.sync();
        if (filled.ok && filled.data.phase === 'done') break;
        if (attempt >= 5) throw new Error(`a fill ended ${JSON.stringify(filled)}`);
        retries++;
      }
      const found = await desk.cache.searchListed(lastName);
      if (found.results.length === 0) throw new Error(`${lastName} is not found after the fill`);
      return (performance.now() - t0) / 1000;
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const pgCpu = serverCpu(postmaster) - cpu0;
  const ours = process.cpuUsage(ours0);
  for (const desk of desks) {
    await desk.link.close();
    await desk.cache.close();
    rmSync(desk.folder, { recursive: true, force: true });
  }
  each.sort((a, b) => a - b);
  return { seconds, first: each[0]!, pgCpu, desksCpu: (ours.user + ours.system) / 1e6, retries };
}

export const teamMondayBenchmark: Benchmark = {
  name: 'team-monday',
  run: async (ctx) => {
    const count = ctx.desks ?? 20;
    const folder = mkdtempSync(join(tmpdir(), 'card-desk-monday-worker-'));
    const workerUrl = join(folder, BUILT_WORKER_FILE);
    await build({ ...NODE_BUNDLE, entryPoints: [CACHE_WORKER_ENTRY], outfile: workerUrl });
    const db = await startPostgres({ conf: ['max_connections = 200'] });
    const sandbox = await startSandbox({ customers: ctx.customers, rateLimit: { limit: 1e9, windowMs: 60_000 } });
    try {
      await db.createLogin(DESK.user, DESK.password, ['card_desk_operator']);
      await copySandboxCustomers(db, sandbox, ctx.customers);
      const { rows } = await db.sql(
        `SELECT count(*)::int AS n, (array_agg(record->>'name' ORDER BY change_seq DESC))[1] AS last,
                sum(octet_length(record::text))::float8 / 1e6 AS mb
           FROM card_desk.customers`,
      );
      const { n, last, mb } = rows[0] as { n: number; last: string; mb: number };
      ctx.print(`team copy: ${n.toLocaleString('en')} customers, ${mb.toFixed(1)} MB of records as text`);
      const alone = await fillAtOnce(db, workerUrl, 1, last);
      ctx.print(
        `one desk alone: searchable in ${alone.seconds.toFixed(1)} s; PostgreSQL ${alone.pgCpu.toFixed(1)} CPU s, the desk ${alone.desksCpu.toFixed(1)} CPU s`,
      );
      const all = await fillAtOnce(db, workerUrl, count, last);
      ctx.print(
        `${count} desks at once: the first searchable in ${all.first.toFixed(1)} s, the last in ${all.seconds.toFixed(1)} s; ` +
          `PostgreSQL ${all.pgCpu.toFixed(1)} CPU s, the desks ${all.desksCpu.toFixed(1)} CPU s; fills run again: ${all.retries}`,
      );
      return {
        monday_customers: n,
        monday_copy_records_mb: mb,
        monday_desks: count,
        monday_one_desk_s: alone.seconds,
        monday_one_desk_pg_cpu_s: alone.pgCpu,
        monday_all_desks_first_s: all.first,
        monday_all_desks_last_s: all.seconds,
        monday_all_desks_pg_cpu_s: all.pgCpu,
        monday_all_desks_pg_cpu_per_desk_s: all.pgCpu / count,
        monday_all_desks_desk_cpu_s: all.desksCpu,
        monday_all_desks_fills_run_again: all.retries,
      };
    } finally {
      await sandbox.stop();
      await db.remove();
      rmSync(folder, { recursive: true, force: true });
    }
  },
};
