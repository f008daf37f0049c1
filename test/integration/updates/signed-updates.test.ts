// Only a release signed with a key built into the app is installed. Against a local feed, through
// electron-updater's own Debian updater and the app's update service: a correctly signed update is ready
// and handed to the install step; one signed by another key, and one with no signature, are discarded
// (the file deleted, the status saying so, the log naming the file and the key expected); one swapped in
// the user's cache after its check is not installed, whether the app's own second check or, racing past
// it, the root step (build/install-update.sh, run as the app runs it) catches it. The root step checks
// the signature node:crypto made with openssl, from its own copy, with the keys beside it.
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { electronUpdaterEngine } from '../../../src-main/updates/electron-updater-engine';
import { runRootStep } from '../../../src-main/updates/deb-root-step';
import { updateFeed } from '../../../src-main/updates/update-policy';
import { createUpdateService, type UpdateStatus } from '../../../src-main/updates/update-service';
import { NO_UNSETTLED_WRITES } from '../../../src-main/updates/unsettled-writes';
import type { Logger } from '../../../src-main/ports/ports';
import { fileName, startFeedServer, type FeedServer } from '../../support/feed-server';
import { CACHE_DIR_NAME, debBytes, localDebUpdater, nodeFetchText } from '../../support/local-updater';
import { releaseKey, signatureFor, signedOffer } from '../../support/release-keys';
import { asRoot, rootStepFolder } from '../../support/root-step-folder';

const publisher = releaseKey();
const stranger = releaseKey();
const FILE = fileName('0.2.0');

let feed: FeedServer;
let scratch: string;
beforeEach(async () => {
  feed = await startFeedServer();
  scratch = mkdtempSync(join(tmpdir(), 'card-desk-signed-'));
});
afterEach(async () => {
  await feed.close();
  rmSync(scratch, { recursive: true, force: true });
});

const pending = () => join(scratch, 'cache', CACHE_DIR_NAME, 'pending');
const downloaded = () => (existsSync(pending()) ? readdirSync(pending()) : []);

/** The update service as the shell runs it on the .deb, with `installer` as its install step. */
function updates(installer: (file: string, signatureFile: string) => Promise<void>) {
  const logged: { level: string; obj: object; msg?: string }[] = [];
  const log = (level: string) => (obj: object, msg?: string) => void logged.push({ level, obj, msg });
  const logger: Logger = { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
  const restarts: string[] = [];
  const engine = electronUpdaterEngine(localDebUpdater({ feedUrl: feed.url, folder: scratch, version: '0.1.0' }), {
    feedUrl: feed.url,
    keys: [publisher.publicKey],
    fetchText: nodeFetchText,
    installer,
    restartApp: () => void restarts.push('restart'),
    logger,
  });
  const statuses: UpdateStatus[] = [];
  const service = createUpdateService({
    engine,
    feed: updateFeed(null, { feedUrl: feed.url }, { packaged: false }),
    unsettledWrites: () => NO_UNSETTLED_WRITES,
    onChange: (s) => statuses.push(s),
    logger,
  });
  return { service, logged, restarts, statuses };
}

const recorded = () => {
  const calls: string[][] = [];
  return { calls, installer: async (file: string, sig: string) => void calls.push([file, sig]) };
};

describe('signed updates', () => {
  it('installs a correctly signed update: checked, then handed with its signature to the install step', async () => {
    feed.offer(signedOffer(publisher, '0.2.0', debBytes('0.2.0')));
    const step = recorded();
    const { service, restarts } = updates(step.installer);
    expect(await service.checkNow()).toEqual({ state: 'ready', version: '0.2.0' });
    expect(downloaded().sort()).toEqual([FILE, `${FILE}.sig`, 'update-info.json'].sort());
    expect(await service.restart()).toEqual({ restarting: true });
    expect(step.calls).toEqual([[join(pending(), FILE), join(pending(), `${FILE}.sig`)]]);
    expect(restarts).toEqual(['restart']);
  });

  it('discards an update signed by another key, says so, and logs the file and the key it expected', async () => {
    feed.offer({ ...signedOffer(stranger, '0.2.0', debBytes('0.2.0')) });
    const step = recorded();
    const { service, logged } = updates(step.installer);
    expect(await service.checkNow()).toMatchObject({
      state: 'discarded',
      version: '0.2.0',
      message: "The update to Card Desk 0.2.0 is not signed with Card Desk's key, so it was discarded.",
    });
    expect(downloaded()).toEqual([]);
    expect(logged).toContainEqual({
      level: 'error',
      obj: {
        file: FILE,
        version: '0.2.0',
        problem: 'unknown key',
        detail: `it is signed with the key ${stranger.fingerprint}`,
        expectedKeys: [publisher.fingerprint],
      },
      msg: 'update discarded: not signed by a key built into Card Desk',
    });
    expect(await service.restart()).toEqual({ restarting: false, reason: 'No update is ready to install.' });
    expect(step.calls).toEqual([]);
  });

  it('discards an update with no signature', async () => {
    feed.offer({ version: '0.2.0', body: debBytes('0.2.0') });
    const step = recorded();
    const { service } = updates(step.installer);
    expect(await service.checkNow()).toMatchObject({
      state: 'discarded',
      message: 'The update to Card Desk 0.2.0 has no signature, so it was discarded.',
    });
    expect(feed.requested).toContain(`/feed/${FILE}.sig`);
    expect(downloaded()).toEqual([]);
    expect(step.calls).toEqual([]);
  });

  it('does not install a file swapped in the cache after its check: the second check discards it', async () => {
    feed.offer(signedOffer(publisher, '0.2.0', debBytes('0.2.0')));
    const step = recorded();
    const { service } = updates(step.installer);
    expect(await service.checkNow()).toMatchObject({ state: 'ready' });
    writeFileSync(join(pending(), FILE), debBytes('the user’s malware'));
    const answer = await service.restart();
    expect(answer).toEqual({
      restarting: false,
      reason: 'The update to Card Desk 0.2.0 is not the file that was signed, so it was discarded.',
    });
    expect(service.status()).toMatchObject({ state: 'discarded', version: '0.2.0' });
    expect(step.calls).toEqual([]);
    expect(downloaded()).toEqual([]);
  });

  it('does not install a file swapped after the app handed it over: the root step checks its own copy', async () => {
    const root = rootStepFolder([publisher.pem]);
    try {
      feed.offer(signedOffer(publisher, '0.2.0', debBytes('0.2.0')));
      // The swap lands between the app's last check and the root step's copy.
      const { service } = updates(async (file, signatureFile) => {
        writeFileSync(file, debBytes('the user’s malware'));
        await runRootStep({ helper: root.helper, asRoot: asRoot() }, file, signatureFile);
      });
      expect(await service.checkNow()).toMatchObject({ state: 'ready' });
      expect(await service.restart()).toEqual({
        restarting: false,
        reason:
          'The update to Card Desk 0.2.0 was refused by the install step (the package is not the file that was signed ' +
          '(its SHA-512 differs)), so it was discarded.',
      });
      expect(service.status()).toMatchObject({ state: 'discarded' });
    } finally {
      root.remove();
    }
  });
});

describe('the root step', () => {
  it('checks with openssl the signature node:crypto made, and refuses another key and a file that is no package', async () => {
    const root = rootStepFolder([publisher.pem]);
    try {
      const file = join(scratch, FILE);
      writeFileSync(file, debBytes('0.2.0'));
      const step = { helper: root.helper, asRoot: asRoot() };
      const signed = (key = publisher) => {
        const sig = join(scratch, `${key.fingerprint}.sig`);
        writeFileSync(sig, signatureFor(key, '0.2.0', debBytes('0.2.0')));
        return sig;
      };
      // The signature and the hash pass; what is signed is not a Debian package, so nothing is installed.
      await expect(runRootStep(step, file, signed())).rejects.toMatchObject({
        code: 'ERR_UPDATE_INSTALL',
        kind: 'refused',
        message: 'the package is not card-desk',
      });
      await expect(runRootStep(step, file, signed(stranger))).rejects.toMatchObject({
        kind: 'refused',
        message: `signed with the key ${stranger.fingerprint}, not one of this Card Desk's keys: ${publisher.fingerprint}`,
      });
      const edited = join(scratch, 'edited.sig');
      writeFileSync(edited, signatureFor(publisher, '0.2.0', debBytes('0.2.0')).replace('0.2.0', '0.9.0'));
      await expect(runRootStep(step, file, edited)).rejects.toMatchObject({
        kind: 'refused',
        message: `the signature does not verify with the key ${publisher.fingerprint}`,
      });
    } finally {
      root.remove();
    }
  });
});
