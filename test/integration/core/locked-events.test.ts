// While Card Desk is locked, nothing of the work reaches the window: through the app's own core (its sync
// in a worker, its journal, the local sandbox over HTTP), a customer sync and a card write started before
// the lock and finished while locked send no progress and no journal event (which names the card's
// request) to the window; the lock's state does. Once unlocked, the latest of each is told.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EventName } from '../../../src-shared/ipc/names';
import type { AppCore } from '../../../src-main/core/app-core';
import type { Emit } from '../../../src-main/ports/ports';
import { testAppCore } from '../support/app-core';
import { virtualCardRequest } from '../../support/card-requests';

const ctx = { signal: new AbortController().signal };
let dir: string;
let core: AppCore;
const told: { name: EventName; payload: unknown }[] = [];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'card-desk-locked-events-'));
  const emit = ((name: EventName, payload: unknown) => void told.push({ name, payload })) as Emit;
  core = await testAppCore(join(dir, 'data'), { emit, localSandbox: { seed: 12, customers: 150 } });
});
afterAll(async () => {
  await core?.dispose();
  rmSync(dir, { recursive: true, force: true });
});

it('tells a locked window nothing of a sync or a write that ends while locked, and the latest once unlocked', async () => {
  await core.handlers['customers.cacheStatus'](undefined, ctx); // starts the local sandbox
  const sandbox = core.localSandbox()!;
  // The sync's first page and the card are held by the service: both are under way when the lock comes
  // (far within the 10 s they are held), and end while it holds.
  sandbox.faults.add({ kind: 'latency', endpoint: 'GET /customers', ms: 10_000, count: 1 });
  sandbox.faults.add({ kind: 'latency', endpoint: 'POST /cards', ms: 10_000, count: 1 });
  const syncing = core.handlers['customers.sync']({ full: true }, ctx);
  const writing = core.handlers['cards.create'](virtualCardRequest(sandbox.fixtures), ctx);
  await expect.poll(() => sandbox.requestsInFlight()).toBe(2);

  expect((await core.handlers['lock.lock'](undefined, ctx)).ok).toBe(true);
  const atLock = told.length;
  expect((await syncing).ok).toBe(true);
  // The card's answer comes after the client's 10 s: its outcome is unknown, recorded in the journal.
  expect(await writing).toMatchObject({ ok: false, error: { kind: 'outcome_unknown' } });
  const whileLocked = told.slice(atLock).map((t) => t.name);
  expect(whileLocked.filter((name) => !['lock.changed', 'app.status', 'updates.status'].includes(name))).toEqual([]);

  expect((await core.handlers['lock.unlock'](undefined, ctx)).ok).toBe(true);
  const afterUnlock = told.slice(atLock + whileLocked.length);
  expect(afterUnlock[0]).toMatchObject({ name: 'lock.changed', payload: { locked: false } });
  const names = afterUnlock.map((t) => t.name);
  expect(names).toContain('journal.changed');
  const progress = afterUnlock.filter((t) => t.name === 'customers.syncProgress');
  // The one progress told is the sync's last: the window shows it ended.
  expect(progress).toHaveLength(1);
  expect(progress[0]!.payload).toMatchObject({ phase: 'done', customers: 150 });
});
