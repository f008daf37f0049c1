// "Update ready: restart" in the status bar, in Chromium against the app's real handlers, its update
// service and electron-updater's Debian updater reading a local feed (test/support): the button appears
// once the check at start has downloaded and verified a newer version (its SHA-512 and its signature); pressed while a
// card's outcome is unknown, main refuses and the bar says why; once reconciliation has found that card
// on the service, pressing it asks main to install and restart (the updater's install is recorded, not
// run: it would call dpkg). Reconciliation looks every 200 ms rather than every 30 s, and it cannot find
// the card while the service's authorizations (where it looks) fail: the test says when it may.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { electronUpdaterEngine } from '../../src-main/updates/electron-updater-engine';
import { startFeedServer, type FeedServer } from '../support/feed-server';
import { debBytes, localDebUpdater, nodeFetchText } from '../support/local-updater';
import { releaseKey, signedOffer } from '../support/release-keys';
import { virtualCardRequest } from '../support/card-requests';
import { localSandbox } from './support';
import { appWith } from './shared-app';

let feed: FeedServer;
let scratch: string;
const installs: string[] = [];
const publisher = releaseKey();

beforeAll(async () => {
  feed = await startFeedServer();
  feed.offer(signedOffer(publisher, '0.2.0', debBytes('0.2.0')));
  scratch = mkdtempSync(join(tmpdir(), 'card-desk-update-ready-'));
});
afterAll(async () => {
  await feed?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});
/** The app with its update service on the feed, through electron-updater's Debian updater; installs recorded. */
const app = appWith(() => {
  const updater = localDebUpdater({ feedUrl: feed.url, folder: scratch, version: '0.1.0' });
  const engine = electronUpdaterEngine(updater, {
    feedUrl: feed.url,
    keys: [publisher.publicKey],
    fetchText: nodeFetchText,
  });
  return {
    sandbox: { seed: 28, customers: 20 },
    reconcile: { everyMs: 200, recheckMs: 200 },
    updates: { engine: { ...engine, install: async () => void installs.push('install') }, feedUrl: feed.url },
  };
});

it('shows "Update ready: restart", says why it waits while a write is unsettled, and asks main to restart once settled', async () => {
  // Settings: a page that does not list the journal (listing it reconciles unknown outcomes).
  await app.e2e.open('settings');
  const bar = app.e2e.page.getByTestId('status-update');
  const button = bar.getByRole('button', { name: 'Update ready: restart' });
  await button.waitFor();
  expect(await button.getAttribute('title')).toBe('Card Desk 0.2.0 is downloaded and verified. Restart to install it.');
  expect(feed.requested).toContain('/feed/card-desk_0.2.0_amd64.deb');

  // A card sent on a connection that dropped after the service took it: its outcome is unknown.
  const ctx = { signal: new AbortController().signal };
  const sandbox = await localSandbox(app.e2e);
  const card = virtualCardRequest(sandbox.fixtures);
  // Until cleared below, no look on the service can find the card, so its outcome stays unknown.
  sandbox.faults.add({ kind: 'status', status: 503, endpoint: 'GET /cards/authorizations' });
  sandbox.faults.add({ kind: 'drop_after_processing', endpoint: 'POST /cards', count: 1 });
  const sent = await app.e2e.harness.core.handlers['cards.create'](card, ctx);
  expect(!sent.ok && sent.error.kind).toBe('outcome_unknown');

  await button.click();
  await expect
    .poll(() => bar.getByRole('alert').textContent())
    .toBe(
      'A write has an unknown outcome until it is reconciled (see the Journal). Restart to update once it is settled.',
    );
  expect(await bar.getByRole('alert').getAttribute('title')).toBe(await bar.getByRole('alert').textContent());
  expect(installs).toEqual([]);
  await app.e2e.screenshot('update-ready-waits');
  expect(await app.e2e.axeViolations()).toEqual([]);

  // The service answers again: reconciliation's next look finds the card by its reference and reconciles it.
  expect(app.e2e.harness.core.unsettledWrites().unknown).toBe(1);
  sandbox.faults.clear();
  await app.e2e.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Journal' }).click();
  await expect.poll(() => app.e2e.harness.core.unsettledWrites().unknown).toBe(0);
  await button.click();
  await expect.poll(() => installs).toEqual(['install']);
  expect(await bar.getByRole('alert').count()).toBe(0);
  expect(feed.requested.filter((r) => r.endsWith('.deb'))).toHaveLength(1);
});
