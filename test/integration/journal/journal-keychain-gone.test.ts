// The journal with a keychain that goes away, for real: the keyring daemon of a private D-Bus session stopped
// and started again. While it is gone the journal keeps recording writes (its key is in memory), the operator is
// told, and Verify says since which event the head is not anchored; once it is back the next write anchors the
// head, the notice goes and Verify is whole again. Started without a keychain, the journal waits for it: writes
// are refused, the file stays where it is, and the next request after the keychain returns opens it.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JournalInUse } from '../../../src-main/journal/journal-in-use';
import { HostedSecretStore } from '../../../src-main/keychain/hosted-secret-store';
import { keychainHostLocation, nodeKeychainHost } from '../../../src-main/keychain/node-keychain-host';
import { startPrivateKeyring, type PrivateKeyring } from '../keychain/private-keyring';

let keyring: PrivateKeyring;
let store: HostedSecretStore;
beforeAll(async () => {
  keyring = await startPrivateKeyring();
  store = new HostedSecretStore({ start: nodeKeychainHost(keychainHostLocation(), keyring.env) });
}, 30_000);
afterAll(async () => {
  store.dispose();
  await keyring.close();
});

let down = false;
const stopKeyring = async () => {
  await keyring.stopDaemon();
  down = true;
};
const startKeyring = async () => {
  await keyring.startDaemon();
  down = false;
};

const write = (customerId: string) => ({
  environmentId: 'env-1',
  operation: 'cards.create' as const,
  request: { customerId },
  clientReference: null,
  fingerprint: customerId,
});

function notices() {
  const shown = new Set<string>();
  return {
    shown,
    notice: (text: string, on: boolean) => void (on ? shown.add(text) : shown.delete(text)),
  };
}

describe('a keychain that goes away', () => {
  it('while the journal is open: writes go on, Verify and a notice say since when the head is not anchored', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'card-desk-keychain-gone-'));
    const told = notices();
    const current = await JournalInUse.open({ dataDir, secrets: store, notice: told.notice });
    try {
      const journal = await current.ready();
      const first = journal.begin(write('c1'));
      journal.settle(first.id, { outcome: 'succeeded', resultId: 'card-1' });
      expect(await journal.verify()).toMatchObject({ ok: true, anchor: { seq: 2 } });

      await stopKeyring();
      const second = journal.begin(write('c2'));
      journal.settle(second.id, { outcome: 'failed', error: 'declined' });
      const down = await journal.verify();
      expect(down).toMatchObject({ ok: false, events: 4, firstBad: null });
      expect(down.anchor.problem).toMatch(
        /^the chain's head could not be written to the system keychain since event 3 \(.*\), so whether events from there on were removed from its end cannot be checked$/,
      );
      expect([...told.shown].some((n) => n.includes("the chain's head could not be written"))).toBe(true);

      await startKeyring();
      journal.begin(write('c3'));
      expect(await journal.verify()).toMatchObject({ ok: true, events: 5, anchor: { seq: 5, problem: null } });
      expect([...told.shown]).toEqual([]);
    } finally {
      if (down) await startKeyring();
      await current.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('at start: writes wait for the keychain, the file stays, and the next request after it returns opens it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'card-desk-keychain-gone-'));
    const told = notices();
    let now = 0;
    const first = await JournalInUse.open({ dataDir, secrets: store, notice: () => undefined });
    (await first.ready()).begin(write('c1'));
    await first.close();

    await stopKeyring();
    const current = await JournalInUse.open({ dataDir, secrets: store, notice: told.notice, clock: () => now });
    try {
      expect(current.status.state).toBe('waiting');
      expect(current.status.problem).toMatch(
        /^Card Desk's journal keeps its key in the system keychain, which cannot be used now/,
      );
      expect([...told.shown]).toEqual([current.status.problem]);
      expect(() => current.journal.begin(write('c2'))).toThrow(/Nothing was sent\. Unlock or start your keyring/);
      expect(existsSync(join(dataDir, 'journal.sqlite'))).toBe(true);

      await startKeyring();
      // Within the wait between tries nothing is asked of the keychain yet; after it, the journal opens.
      expect((await current.ready()).refusal).not.toBeNull();
      now += 10_000;
      const journal = await current.ready();
      expect(current.status.state).toBe('ok');
      expect(journal.list().total).toBe(1);
      expect(journal.begin(write('c2')).outcome).toBe('pending');
      expect([...told.shown]).toEqual([]);
      expect((await journal.verify()).ok).toBe(true);
    } finally {
      if (down) await startKeyring();
      await current.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
