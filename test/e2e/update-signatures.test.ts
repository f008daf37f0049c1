// Updates that must not be installed, in Chromium against the app's real handlers, its update service and
// electron-updater's Debian updater reading a local feed: one signed by another key is discarded and the
// status bar says so (no "Update ready" button); one correctly signed, then swapped in the user's cache
// after the app's checks, is refused by the root step (build/install-update.sh, run as the app runs it, as
// root) when the operator presses "Update ready: restart": the status bar says it was discarded, and
// nothing is installed or restarted.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runRootStep } from '../../src-main/updates/deb-root-step';
import { electronUpdaterEngine, type ElectronUpdaterOptions } from '../../src-main/updates/electron-updater-engine';
import { startFeedServer, type FeedServer } from '../support/feed-server';
import { debBytes, localDebUpdater, nodeFetchText } from '../support/local-updater';
import { releaseKey, signedOffer } from '../support/release-keys';
import { asRoot, rootStepFolder } from '../support/root-step-folder';
import { withOwnE2E, type E2E } from './support';

const publisher = releaseKey();
let feed: FeedServer;
let scratch: string;
beforeEach(async () => {
  feed = await startFeedServer();
  scratch = mkdtempSync(join(tmpdir(), 'card-desk-update-signatures-'));
});
afterEach(async () => {
  await feed?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

/** Runs `test` on an app whose updates come from the feed, built with the publisher's key. */
function withUpdatingApp(
  installer: NonNullable<ElectronUpdaterOptions['installer']>,
  restarts: string[],
  test: (app: E2E) => Promise<void>,
): Promise<void> {
  const engine = electronUpdaterEngine(localDebUpdater({ feedUrl: feed.url, folder: scratch, version: '0.1.0' }), {
    feedUrl: feed.url,
    keys: [publisher.publicKey],
    fetchText: nodeFetchText,
    installer,
    restartApp: () => void restarts.push('restart'),
  });
  return withOwnE2E({ sandbox: { seed: 29, customers: 10 }, updates: { engine, feedUrl: feed.url } }, async (app) => {
    await app.open('settings');
    await test(app);
  });
}

it('discards an update signed by another key, and the status bar says so', async () => {
  feed.offer(signedOffer(releaseKey(), '0.2.0', debBytes('0.2.0')));
  const installs: string[] = [];
  const restarts: string[] = [];
  await withUpdatingApp(
    async () => void installs.push('install'),
    restarts,
    async (app) => {
      const said = "The update to Card Desk 0.2.0 is not signed with Card Desk's key, so it was discarded.";
      const bar = app.page.getByRole('contentinfo', { name: 'Status' });
      await bar.getByTestId('status-update').filter({ hasText: said }).waitFor();
      expect(await bar.getByRole('button', { name: 'Update ready: restart' }).count()).toBe(0);
      expect(await app.page.evaluate(() => window.cardDesk.updates.restart())).toMatchObject({
        ok: false,
        error: { message: 'No update is ready to install.' },
      });
      await app.screenshot('update-discarded');
      expect(await app.axeViolations()).toEqual([]);
    },
  );
  expect(installs).toEqual([]);
  expect(restarts).toEqual([]);
});

it('does not install an update swapped after its check: the root step refuses it, and the status bar says so', async () => {
  feed.offer(signedOffer(publisher, '0.2.0', debBytes('0.2.0')));
  const root = rootStepFolder([publisher.pem]);
  const restarts: string[] = [];
  const handed: string[] = [];
  try {
    // The user's own malware wins the race: the file changes once the app has handed it to the root step.
    const installer = async (file: string, signatureFile: string) => {
      handed.push(file);
      writeFileSync(file, debBytes('the user’s malware'));
      await runRootStep({ helper: root.helper, asRoot: asRoot() }, file, signatureFile);
    };
    await withUpdatingApp(installer, restarts, async (app) => {
      const bar = app.page.getByRole('contentinfo', { name: 'Status' });
      const button = bar.getByRole('button', { name: 'Update ready: restart' });
      await button.click();
      const said =
        'The update to Card Desk 0.2.0 was refused by the install step (the package is not the file that was ' +
        'signed (its SHA-512 differs)), so it was discarded.';
      await bar.getByTestId('status-update').filter({ hasText: said }).waitFor();
      expect(await button.count()).toBe(0);
    });
  } finally {
    root.remove();
  }
  expect(handed).toHaveLength(1);
  expect(restarts).toEqual([]);
});
