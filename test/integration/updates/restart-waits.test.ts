// An update ready to install does not restart the app while a write's outcome is unknown: through the
// app's own core (its journal, its handlers, the local sandbox over HTTP) and electron-updater's Debian
// updater reading a local feed, "restart" is refused with the reason while a card sent on a dropped
// connection is "Outcome unknown", and goes ahead once that card has been reconciled.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app-core';
import { electronUpdaterEngine } from '../../../src-main/updates/electron-updater-engine';
import { updateFeed } from '../../../src-main/updates/update-policy';
import { createUpdateService, type UpdateService } from '../../../src-main/updates/update-service';
import { testAppCore } from '../support/app-core';
import { virtualCardRequest } from '../support/card-requests';
import { startFeedServer, type FeedServer } from './feed-server';
import { debBytes, localDebUpdater } from './local-updater';

let dir: string;
let feed: FeedServer;
let core: AppCore | null = null;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'card-desk-restart-'));
  feed = await startFeedServer();
});
afterEach(async () => {
  await core?.dispose();
  core = null;
  await feed.close();
  rmSync(dir, { recursive: true, force: true });
});

const ctx = { signal: new AbortController().signal };

it('refuses to restart for an update while a write has an unknown outcome, and restarts once it is reconciled', async () => {
  feed.offer({ version: '0.2.0', body: debBytes('0.2.0') });
  const installs: string[] = [];
  let updates: UpdateService | null = null;
  core = await testAppCore(join(dir, 'data'), { localSandbox: { customers: 20 }, updates: () => updates });
  const started = core;
  const engine = electronUpdaterEngine(localDebUpdater({ feedUrl: feed.url, folder: dir, version: '0.1.0' }), {
    feedUrl: feed.url,
  });
  updates = createUpdateService({
    engine: { ...engine, install: () => void installs.push('install') },
    feed: updateFeed(null, { feedUrl: feed.url }),
    unsettledWrites: () => started.unsettledWrites(),
  });
  expect(await updates.checkNow()).toEqual({ state: 'ready', version: '0.2.0' });

  await core.handlers['customers.cacheStatus'](undefined, ctx); // starts the local sandbox
  const sandbox = core.localSandbox()!;
  const card = virtualCardRequest(sandbox.fixtures);
  sandbox.faults.add({ kind: 'drop_after_processing', endpoint: 'POST /cards', count: 1 });
  const sent = await core.handlers['cards.create'](card, ctx);
  expect(!sent.ok && sent.error.kind).toBe('outcome_unknown');
  expect(core.unsettledWrites()).toEqual({ pending: 0, unknown: 1, runningBatches: 0 });

  const refused = await core.handlers['updates.restart'](undefined, ctx);
  expect(!refused.ok && refused.error).toMatchObject({
    kind: 'conflict',
    message:
      'A write has an unknown outcome until it is reconciled (see the Journal). Restart to update once it is settled.',
  });
  expect(installs).toEqual([]);
  expect(updates.status()).toEqual({ state: 'ready', version: '0.2.0' });

  // The same card asked for again: Card Desk finds the first on the service and reconciles its entry.
  const again = await core.handlers['cards.create'](card, ctx);
  expect(!again.ok && again.error.kind).toBe('conflict');
  expect(core.unsettledWrites()).toEqual({ pending: 0, unknown: 0, runningBatches: 0 });
  const listed = await core.handlers['journal.list']({ outcome: 'reconciled' }, ctx);
  expect(listed.ok && listed.data.length).toBe(1);

  const restarted = await core.handlers['updates.restart'](undefined, ctx);
  expect(restarted).toEqual({ ok: true, data: { restarting: true } });
  expect(installs).toEqual(['install']);
});
