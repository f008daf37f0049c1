// Updates end to end against a local generic feed: electron-updater's own classes (the Debian package's
// updater, DebUpdater) read the feed, compare versions, download the file and verify the SHA-512 the feed
// names, then the app checks its release signature (signed-updates.test.ts has the refusals), driven by
// the app's update service. Only what Electron provides is replaced: the app (an AppAdapter with this
// version and temporary folders) and the network (Node's HTTP instead of Electron's net, through
// electron-updater's own HttpExecutor). Installing is recorded, not run: it would call dpkg.
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { electronUpdaterEngine } from '../../../src-main/updates/electron-updater-engine';
import { createUpdateService, type UpdateStatus } from '../../../src-main/updates/update-service';
import { updateFeed } from '../../../src-main/updates/update-policy';
import { NO_UNSETTLED_WRITES, type UnsettledWrites } from '../../../src-main/updates/unsettled-writes';
import { startFeedServer, type FeedServer } from '../../support/feed-server';
import { CACHE_DIR_NAME, debBytes, localDebUpdater, nodeFetchText } from '../../support/local-updater';
import { releaseKey, signedOffer } from '../../support/release-keys';

const publisher = releaseKey();

let feed: FeedServer;
let scratch: string;
beforeEach(async () => {
  feed = await startFeedServer();
  scratch = mkdtempSync(join(tmpdir(), 'card-desk-updates-'));
});
afterEach(async () => {
  await feed.close();
  rmSync(scratch, { recursive: true, force: true });
});

function updateService(options: { version?: string; feedUrl?: string; unsettledWrites?: () => UnsettledWrites } = {}) {
  const updater = localDebUpdater({ feedUrl: feed.url, folder: scratch, version: options.version ?? '0.1.0' });
  const engine = electronUpdaterEngine(updater, {
    feedUrl: options.feedUrl ?? feed.url,
    keys: [publisher.publicKey],
    fetchText: nodeFetchText,
  });
  const installs: string[] = [];
  const statuses: UpdateStatus[] = [];
  const service = createUpdateService({
    engine: { ...engine, install: async () => void installs.push('install') },
    feed: updateFeed(null, { feedUrl: options.feedUrl ?? feed.url }, { packaged: false }),
    unsettledWrites: options.unsettledWrites ?? (() => NO_UNSETTLED_WRITES),
    onChange: (status) => statuses.push(status),
  });
  return { service, installs, statuses };
}

/** The files electron-updater keeps in its download cache (what it would install). */
function downloaded(): string[] {
  const dir = join(scratch, 'cache', CACHE_DIR_NAME, 'pending');
  try {
    return readdirSync(dir).filter((name) => name.endsWith('.deb'));
  } catch {
    return [];
  }
}

describe('updates from a generic feed', () => {
  it('checks, downloads, verifies the SHA-512 and the signature, and is ready to restart for a newer version', async () => {
    const body = debBytes('0.2.0');
    feed.offer(signedOffer(publisher, '0.2.0', body));
    const { service, statuses } = updateService();
    expect(await service.checkNow()).toEqual({ state: 'ready', version: '0.2.0' });
    expect(statuses.map((s) => s.state)).toEqual(['checking', 'downloading', 'ready']);
    expect(feed.requested).toContain('/feed/card-desk_0.2.0_amd64.deb');
    expect(feed.requested).toContain('/feed/card-desk_0.2.0_amd64.deb.sig');
    const [file] = downloaded();
    expect(file).toBeDefined();
    const bytes = readFileSync(join(scratch, 'cache', CACHE_DIR_NAME, 'pending', file!));
    expect(createHash('sha512').update(bytes).digest('hex')).toBe(createHash('sha512').update(body).digest('hex'));
  });

  it('discards a download whose SHA-512 does not match the feed, and says so', async () => {
    feed.offer({
      ...signedOffer(publisher, '0.2.0', debBytes('0.2.0')),
      body: debBytes('tampered'),
      hashedBody: debBytes('0.2.0'),
    });
    const { service } = updateService();
    expect(await service.checkNow()).toMatchObject({
      state: 'discarded',
      version: '0.2.0',
      message: 'The downloaded update did not match the checksum its feed names, so it was discarded.',
    });
    expect(downloaded()).toEqual([]);
    expect(await service.restart()).toEqual({ restarting: false, reason: 'No update is ready to install.' });
  });

  it('says the feed could not be reached when it is down', async () => {
    const url = feed.url;
    await feed.close();
    const { service } = updateService({ feedUrl: url });
    expect(await service.checkNow()).toMatchObject({
      state: 'failed',
      message: 'The update feed could not be reached (ECONNREFUSED).',
    });
  });

  it('never goes back to an older version a feed offers, nor downloads it', async () => {
    feed.offer({ version: '0.0.9', body: debBytes('0.0.9') });
    const { service } = updateService({ version: '0.1.0' });
    expect(await service.checkNow()).toMatchObject({ state: 'current', checkedAt: expect.any(String) });
    expect(feed.requested).toEqual(['/feed/latest-linux.yml']);
    expect(downloaded()).toEqual([]);
  });

  it('offers nothing when the feed holds this very version', async () => {
    feed.offer({ version: '0.1.0', body: debBytes('0.1.0') });
    const { service } = updateService({ version: '0.1.0' });
    expect(await service.checkNow()).toMatchObject({ state: 'current' });
  });

  it('does not restart while a write waits for its answer, and restarts to update once none does', async () => {
    feed.offer(signedOffer(publisher, '0.2.0', debBytes('0.2.0')));
    let pending = 1;
    const { service, installs } = updateService({ unsettledWrites: () => ({ ...NO_UNSETTLED_WRITES, pending }) });
    await service.checkNow();
    expect(await service.restart()).toEqual({
      restarting: false,
      reason: "A write is still waiting for the service's answer. Restart to update once it has arrived.",
    });
    expect(installs).toEqual([]);
    pending = 0;
    expect(await service.restart()).toEqual({ restarting: true });
    expect(installs).toEqual(['install']);
  });
});
