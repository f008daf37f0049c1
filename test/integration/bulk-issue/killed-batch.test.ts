// A 200-row batch whose main process is killed (SIGKILL) after some rows were sent: the next start shows
// it interrupted, settles the rows that were in flight from the journal and by reconciliation (never a
// resend), and on Resume sends only the rows not sent. Every valid row ends with at most one POST /cards
// (exactly one unless the process died between a row's journal entry and its request, which the results
// then show as unknown), and every row of the file is accounted for in the results.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import type { Customer } from '../../../src-shared/api/records';
import type { BatchResultRow, BatchStatus } from '../../../src-shared/ipc/channels/bulk-issue';
import { startSandbox, type SandboxHandle } from '../../../src-main/sandbox';
import { HEADER, until, validRow } from '../../support/bulk-fixture';

const CHILD = fileURLToPath(new URL('./fixtures/bulk-child.ts', import.meta.url));
const ROWS = 200;
let sandbox: SandboxHandle;
let dataDir: string;

/** Runs the child app with `args`, collecting its JSON lines and its errors. */
function runChild(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], {
    cwd: fileURLToPath(new URL('../../..', import.meta.url)),
    stdio: ['ignore', 'pipe', 'pipe'],
    env: process.env,
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return {
    child,
    exited,
    stderr: () => stderr,
    lines: () =>
      stdout
        .split('\n')
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

afterAll(async () => {
  await sandbox?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

it('resumes a killed batch with one POST per valid row and every row accounted for', async () => {
  sandbox = await startSandbox({ seed: 23, customers: ROWS + 20 });
  dataDir = mkdtempSync(join(tmpdir(), 'card-desk-bulk-kill-'));
  // Slow enough answers that the kill lands mid-batch.
  sandbox.faults.add({ kind: 'latency', endpoint: 'POST /cards', ms: 25 });

  // The file, from the sandbox's own customers.
  const customers: Customer[] = [];
  for (let page = 0; customers.length < ROWS; page++) {
    const answer = await fetch(`${sandbox.url}/customers?page=${page}&limit=100`, {
      headers: { Authorization: `Bearer ${sandbox.key}` },
    });
    customers.push(...((await answer.json()) as { data: Customer[] }).data);
  }
  customers.length = ROWS;
  sandbox.clearRequests();
  const account = sandbox.fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id;
  const csvFile = join(dataDir, 'branch.csv');
  writeFileSync(csvFile, [HEADER, ...customers.map((c, i) => validRow(c._id, account, `BR-${i + 1}`))].join('\n'));

  const posts = () => sandbox.requests().filter((r) => r.method === 'POST' && r.url.startsWith('/cards'));
  const first = runChild(['start', dataDir, sandbox.url, sandbox.key, csvFile]);
  await until(() => posts().length >= 40 || first.child.exitCode !== null, 90_000, 'the first rows to be sent');
  expect(first.stderr()).toBe('');
  expect(first.lines()[0]).toMatchObject({ cards: ROWS });
  first.child.kill('SIGKILL');
  expect(await first.exited).toBe('SIGKILL');
  const sentBeforeKill = posts().length;
  expect(sentBeforeKill).toBeLessThan(ROWS);
  await until(() => sandbox.requestsInFlight() === 0, 10_000, 'the sandbox to go quiet');

  // The next start of the app: a new process on the same data folder, environment and keychain entry.
  const second = runChild(['resume', dataDir]);
  await second.exited;
  expect(second.stderr()).toBe('');
  const [{ listed, notices }, { status, notices: noticesAfter }, { results: rows }] = second.lines() as [
    { listed: BatchStatus; notices: string[] },
    { status: BatchStatus; notices: string[] },
    { results: BatchResultRow[] },
  ];
  // The next start says so in the status bar until the batch is resumed.
  expect(notices).toContainEqual(expect.stringContaining('issued from a file'));
  expect(noticesAfter.filter((n) => n.includes('issued from a file'))).toEqual([]);
  expect(listed).toMatchObject({ state: 'interrupted', total: ROWS, message: expect.stringContaining('stopped') });
  expect(status).toMatchObject({ state: 'done', total: ROWS });

  const byCustomer = new Map<string, number>();
  for (const p of posts()) {
    const id = (p.body as { customerId: string }).customerId;
    byCustomer.set(id, (byCustomer.get(id) ?? 0) + 1);
  }
  expect(rows).toHaveLength(ROWS);
  for (const [i, c] of customers.entries()) {
    const row = rows[i]!;
    const count = byCustomer.get(c._id) ?? 0;
    expect(count, `row ${i + 1}`).toBeLessThanOrEqual(1);
    if (count === 1) expect(['issued', 'unknown']).toContain(row.outcome);
    else expect(row.outcome, `row ${i + 1} never reached the service`).toBe('unknown');
  }
  // Only rows in flight at the kill can have died between their journal entry and their request.
  expect(rows.filter((r) => (byCustomer.get(r.customerId!) ?? 0) === 0).length).toBeLessThanOrEqual(2);
  // The sandbox gives every new card an authorization, so reconciliation found the cards of rows in flight.
  expect(rows.filter((r) => r.outcome === 'issued').length).toBe(byCustomer.size);
}, 240_000);
