// Issue from a file. Checking: a 5,000-row file (customers named by id, email, phone in two forms and
// BVN/NIN) against a cache of `--customers` customers, through the same code as bulkIssue.preview (goal
// <= 2 s). Sending: a batch under a rate limit of 300 requests per 30 s, and the share of what the limit
// allowed over its whole windows that its POST /cards used (goal >= 90 %); a batch leaves a small
// reserve (a twentieth) for the operator, and the X-RateLimit-Reset header's whole seconds cost up to a
// second a window.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Customer } from '../../src-shared/api/records';
import { backgroundClient } from '../../src-main/api/call-priority';
import { createCardApiClient } from '../../src-main/api/client';
import { createBulkIssueService } from '../../src-main/bulk-issue/bulk-service';
import { checkFile } from '../../src-main/bulk-issue/preview';
import { openCustomerCache, type CustomerCacheService } from '../../src-main/cache/service';
import { openKnownCards } from '../../src-main/cards/known-cards';
import { createIssuingService } from '../../src-main/issuing/issuing-service';
import { openJournal } from '../../src-main/journal/journal';
import type { ActiveEnvironment } from '../../src-main/environments/environment-manager';
import { startSandbox, type SandboxHandle } from '../../src-main/sandbox';
import type { Benchmark } from './benchmark';
import { testCacheKeys } from '../support/cache-keys';

const FILE_ROWS = 5_000;
/** Four windows' worth and a little: the first and the last window are not whole, the middle ones are. */
const SEND = { rows: 1_160, limit: 300, windowMs: 30_000 };
const HEADER = 'customer,type,brand,currency,status,debitAccountId,reference';

async function syncedCache(sandbox: SandboxHandle, folder: string): Promise<CustomerCacheService> {
  const api = createCardApiClient({ baseUrl: sandbox.url, getKey: async () => sandbox.key });
  const cache = await openCustomerCache({
    folder,
    environmentId: 'bench',
    keys: testCacheKeys,
    api: backgroundClient(api),
    emit: () => {},
  });
  const synced = await cache.sync();
  if (!synced.ok || synced.data.phase !== 'done') throw new Error('the customer sync did not complete');
  return cache;
}

async function customersAt(sandbox: SandboxHandle, indexes: number[]): Promise<Customer[]> {
  const out: Customer[] = [];
  for (const i of indexes) {
    const r = await fetch(`${sandbox.url}/customers?page=${i}&limit=1`, {
      headers: { Authorization: `Bearer ${sandbox.key}` },
    });
    out.push(((await r.json()) as { data: Customer[] }).data[0]!);
  }
  return out;
}

function fileOf(customers: Customer[], account: string): string {
  const named = customers.map((c, i) => {
    const nsn = (c.phoneNumber ?? '').replace(/^\+234/, '');
    switch (i % 5) {
      case 1:
        return c.emailAddress ?? c._id;
      case 2:
        return c.phoneNumber ?? c._id;
      case 3:
        return `0${nsn}`;
      case 4:
        return c.individual?.identity?.number ?? c._id;
      default:
        return c._id;
    }
  });
  return [HEADER, ...named.map((n, i) => `${n},virtual,Verve,NGN,active,${account},R${i + 1}`)].join('\n');
}

async function benchCheck(count: number, print: (l: string) => void): Promise<Record<string, number>> {
  const sandbox = await startSandbox({
    customers: count,
    seed: 31,
    rateLimit: { limit: Number.MAX_SAFE_INTEGER, windowMs: 60_000 },
  });
  const folder = mkdtempSync(join(tmpdir(), 'card-desk-bulk-bench-'));
  const journal = openJournal({ file: join(folder, 'journal.sqlite') });
  let cache: CustomerCacheService | null = null;
  try {
    const t0 = performance.now();
    cache = await syncedCache(sandbox, folder);
    print(`synced ${count.toLocaleString('en')} customers in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const rows = Math.min(FILE_ROWS, count);
    const customers = await customersAt(
      sandbox,
      Array.from({ length: rows }, (_, i) => Math.floor(((i + 0.5) / rows) * count)),
    );
    const csv = fileOf(customers, sandbox.fixtures.businessAccounts[0]!.id);
    const deps = { lookup: cache, journal, environmentId: 'bench', accounts: async () => new Map() };
    await checkFile(csv, {}, deps); // warm the page cache
    const times: number[] = [];
    const cpu: number[] = [];
    let ready = 0;
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      const used = process.cpuUsage();
      const checked = await checkFile(csv, {}, deps);
      times.push(performance.now() - t);
      const spent = process.cpuUsage(used);
      cpu.push((spent.user + spent.system) / 1000);
      if (!checked.ok) throw new Error(checked.message);
      ready = checked.checked.counts.ready;
    }
    times.sort((a, b) => a - b);
    cpu.sort((a, b) => a - b);
    print(
      `checked a ${rows.toLocaleString('en')}-row file against ${count.toLocaleString('en')} customers: ${times.map((t) => t.toFixed(0)).join(', ')} ms (${ready} ready; goal <= 2000); CPU time ${cpu.map((t) => t.toFixed(0)).join(', ')} ms (what a loaded machine leaves out)`,
    );
    return { bulk_check_5000_rows_ms: times[1]!, bulk_check_5000_rows_cpu_ms: cpu[1]!, bulk_check_ready_rows: ready };
  } finally {
    await cache?.close();
    journal.close();
    await sandbox.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

async function benchSend(print: (l: string) => void): Promise<Record<string, number>> {
  const sandbox = await startSandbox({
    customers: SEND.rows + 10,
    seed: 37,
    rateLimit: { limit: SEND.limit, windowMs: SEND.windowMs },
  });
  const folder = mkdtempSync(join(tmpdir(), 'card-desk-bulk-send-'));
  const journal = openJournal({ file: join(folder, 'journal.sqlite') });
  const knownCards = openKnownCards({ folder });
  const api = createCardApiClient({ baseUrl: sandbox.url, getKey: async () => sandbox.key });
  const active: ActiveEnvironment = {
    environment: { id: 'bench', name: 'Bench', baseUrl: sandbox.url, builtIn: true, hasKey: true, keyVerified: true },
    api,
    dataDir: folder,
  };
  let cache: CustomerCacheService | null = null;
  const issuing = createIssuingService({
    getActive: async () => active,
    getJournal: async () => journal,
    getKnownCards: async () => knownCards,
    emit: () => {},
  });
  const service = createBulkIssueService({
    dataDir: folder,
    getActive: async () => active,
    getJournal: async () => journal,
    getCustomers: async () => cache!,
    issuing,
  });
  try {
    cache = await syncedCache(sandbox, join(folder, 'cache'));
    const customers: Customer[] = [];
    for (let page = 0; customers.length < SEND.rows; page++) {
      const r = await fetch(`${sandbox.url}/customers?page=${page}&limit=100`, {
        headers: { Authorization: `Bearer ${sandbox.key}` },
      });
      customers.push(...((await r.json()) as { data: Customer[] }).data);
    }
    customers.length = SEND.rows;
    const csv = [
      HEADER,
      ...customers.map((c, i) => `${c._id},virtual,Verve,NGN,active,${sandbox.fixtures.businessAccounts[0]!.id},S${i}`),
    ].join('\n');
    const preview = await service.preview({ csv });
    if (!preview.ok) throw new Error(preview.error.message);
    // The log keeps every request since the sandbox started, so the limiter's windows can be told from it.
    const started = await service.start({ batchId: preview.data.batchId, cards: SEND.rows });
    if (!started.ok) throw new Error(started.error.message);
    await service.idle(preview.data.batchId);
    const status = await service.status(preview.data.batchId);
    if (!status.ok || status.data.issued !== SEND.rows)
      throw new Error(`the batch did not issue every row: ${JSON.stringify(status)}`);
    // The sandbox's windows as its limiter made them: each starts with the first request after the last ended.
    const times = sandbox.requests().map((r) => ({ t: Date.parse(r.at), post: r.method === 'POST' }));
    const starts: number[] = [];
    const counts: number[] = [];
    for (const { t, post } of times) {
      if (starts.length === 0 || t - starts.at(-1)! >= SEND.windowMs) {
        starts.push(t);
        counts.push(0);
      }
      if (post) counts[counts.length - 1]! += 1;
    }
    // Whole windows only: not the first (it began before the batch) nor the last (what was left).
    const sent = counts.slice(1, -1).reduce((a, b) => a + b, 0);
    const allowed = (SEND.limit * (starts.at(-1)! - starts[1]!)) / SEND.windowMs;
    const share = sent / allowed;
    const limited = sandbox.requests().filter((r) => r.status === 429).length;
    print(
      `sent ${SEND.rows} cards at ${SEND.limit} requests per ${SEND.windowMs / 1000} s: POST /cards per window ${counts.join(', ')}; ${(share * 100).toFixed(1)} % of the limit in whole windows (goal >= 90 %); ${limited} answered 429`,
    );
    return { bulk_send_share_of_limit: Math.round(share * 1000) / 1000, bulk_send_429s: limited };
  } finally {
    await service.dispose();
    await cache?.close();
    knownCards.close();
    journal.close();
    await sandbox.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

export const bulkIssueBenchmark: Benchmark = {
  name: 'bulk-issue',
  async run({ customers, print }) {
    return { ...(await benchCheck(customers, print)), ...(await benchSend(print)) };
  },
};
