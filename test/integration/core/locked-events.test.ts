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
  // Both are started before the lock (the guard lets a call through when it is made) and locked at once:
  // everything they tell comes while it holds, however fast or slow this machine is.
  const syncing = core.handlers['customers.sync']({ full: true }, ctx);
  const writing = core.handlers['cards.create'](virtualCardRequest(sandbox.fixtures), ctx);
  expect((await core.handlers['lock.lock'](undefined, ctx)).ok).toBe(true);
  const atLock = told.length;
  expect((await syncing).ok).toBe(true);
  expect((await writing).ok).toBe(true);
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
