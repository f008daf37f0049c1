// An update ready to install does not restart the app while a write is unsettled: through the app's own
// core (its journal, its handlers, its batches, the local sandbox over HTTP) and electron-updater's Debian
// updater reading a local feed, "restart" is refused with the reason while a card sent on a dropped
// connection is "Outcome unknown", and goes ahead once that card has been reconciled; likewise while a
// batch issuing cards from a file is running, until it has ended.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app-core';
import { electronUpdaterEngine } from '../../../src-main/updates/electron-updater-engine';
import { updateFeed } from '../../../src-main/updates/update-policy';
import { createUpdateService, type UpdateService } from '../../../src-main/updates/update-service';
import { testAppCore } from '../support/app-core';
import { virtualCardRequest } from '../../support/card-requests';
import { HEADER, bridgeOf, cachedCustomers, data, until, validRow } from '../../support/bulk-fixture';
import { startFeedServer, type FeedServer } from '../../support/feed-server';
import { debBytes, localDebUpdater, nodeFetchText } from '../../support/local-updater';
import { releaseKey, signedOffer } from '../../support/release-keys';

const publisher = releaseKey();

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

/**
 * The app's core on the local sandbox, with 0.2.0 downloaded and verified from the feed: the update
 * service as the shell runs it, its installs recorded (installing would call dpkg).
 */
async function appWithUpdateReady(localSandbox: {
  seed?: number;
  customers: number;
}): Promise<{ app: AppCore; updates: UpdateService; installs: string[] }> {
  feed.offer(signedOffer(publisher, '0.2.0', debBytes('0.2.0')));
  const installs: string[] = [];
  let updates: UpdateService | null = null;
  const started = await testAppCore(join(dir, 'data'), { localSandbox, updates: () => updates });
  core = started;
  const engine = electronUpdaterEngine(localDebUpdater({ feedUrl: feed.url, folder: dir, version: '0.1.0' }), {
    feedUrl: feed.url,
    keys: [publisher.publicKey],
    fetchText: nodeFetchText,
  });
  updates = createUpdateService({
    engine: { ...engine, install: async () => void installs.push('install') },
    feed: updateFeed(null, { feedUrl: feed.url }, { packaged: false }),
    unsettledWrites: () => started.unsettledWrites(),
  });
  expect(await updates.checkNow()).toEqual({ state: 'ready', version: '0.2.0' });
  return { app: started, updates, installs };
}

it('refuses to restart for an update while a write has an unknown outcome, and restarts once it is reconciled', async () => {
  const { app, updates, installs } = await appWithUpdateReady({ customers: 20 });

  await app.handlers['customers.cacheStatus'](undefined, ctx); // starts the local sandbox
  const sandbox = app.localSandbox()!;
  const card = virtualCardRequest(sandbox.fixtures);
  sandbox.faults.add({ kind: 'drop_after_processing', endpoint: 'POST /cards', count: 1 });
  const sent = await app.handlers['cards.create'](card, ctx);
  expect(!sent.ok && sent.error.kind).toBe('outcome_unknown');
  expect(app.unsettledWrites()).toEqual({ pending: 0, unknown: 1, runningBatches: 0 });

  const refused = await app.handlers['updates.restart'](undefined, ctx);
  expect(!refused.ok && refused.error).toMatchObject({
    kind: 'conflict',
    message:
      'A write has an unknown outcome until it is reconciled (see the Journal). Restart to update once it is settled.',
  });
  expect(installs).toEqual([]);
  expect(updates.status()).toEqual({ state: 'ready', version: '0.2.0' });

  // The same card asked for again: Card Desk finds the first on the service and reconciles its entry.
  const again = await app.handlers['cards.create'](card, ctx);
  expect(!again.ok && again.error.kind).toBe('conflict');
  expect(app.unsettledWrites()).toEqual({ pending: 0, unknown: 0, runningBatches: 0 });
  const listed = await app.handlers['journal.list']({ outcome: 'reconciled' }, ctx);
  expect(listed.ok && listed.data.length).toBe(1);

  const restarted = await app.handlers['updates.restart'](undefined, ctx);
  expect(restarted).toEqual({ ok: true, data: { restarting: true } });
  expect(installs).toEqual(['install']);
});

it('refuses to restart while a batch issues cards from a file, and restarts once it has ended', async () => {
  const { app, installs } = await appWithUpdateReady({ seed: 5, customers: 20 });
  const call = bridgeOf(app);

  const customers = await cachedCustomers(call, 3);
  const sandbox = app.localSandbox()!;
  const account = sandbox.fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id;
  const csv = [HEADER, ...customers.map((c, i) => validRow(c._id, account, `U-${i + 1}`))].join('\n');
  const preview = await data(call('bulkIssue.preview', { csv }));
  // The batch's first card is held by the service for a while: the batch is running, its write unanswered.
  // Well inside the client's 10 s for an answer's headers (api/client.ts LIMITS), so a loaded machine's
  // delays never turn the held card into a timeout (an unknown outcome) instead of a late answer.
  sandbox.faults.add({ kind: 'latency', endpoint: 'POST /cards', ms: 5_000, count: 1 });
  await data(call('bulkIssue.start', { batchId: preview.batchId, cards: 3 }));
  await until(() => app.unsettledWrites().pending === 1, 60_000, "the batch's first card to be sent");
  const refused = await call('updates.restart');
  expect(!refused.ok && refused.error.message).toBe(
    "A write is still waiting for the service's answer; a batch is issuing cards from a file. Restart to update once they are settled.",
  );
  expect(installs).toEqual([]);

  await until(async () => (await data(call('bulkIssue.status', { batchId: preview.batchId }))).state === 'done');
  expect(app.unsettledWrites()).toEqual({ pending: 0, unknown: 0, runningBatches: 0 });
  expect(await call('updates.restart')).toEqual({ ok: true, data: { restarting: true } });
  expect(installs).toEqual(['install']);
});
