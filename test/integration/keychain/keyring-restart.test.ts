// The keychain heals when its cause goes: with the keyring daemon of the test's own D-Bus session stopped
// and started again, the next call for a key works without restarting anything, and an API call that reads
// its key from the keychain (accounts.list's) succeeds. In-process libsecret does not heal (the first test
// shows the cause); the store's host process is recycled and a fresh one reaches the new daemon.
import { fork } from 'node:child_process';
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardApiClient } from '../../../src-main/api/client';
import { HostedSecretStore } from '../../../src-main/keychain/hosted-secret-store';
import { KeychainUnavailableError } from '../../../src-main/keychain/keychain-error';
import { nodeKeychainHost, keychainHostLocation } from '../../../src-main/keychain/node-keychain-host';
import { startIndependentApi, type IndependentApi } from '../../support/independent-api';
import { privateKeyringUnavailable, startPrivateKeyring, type PrivateKeyring } from './private-keyring';

const unavailable = privateKeyringUnavailable();
if (unavailable) console.warn(`keyring-restart tests skipped: ${unavailable}`);

let keyring: PrivateKeyring;
let server: IndependentApi;
beforeAll(async () => {
  if (unavailable) return;
  keyring = await startPrivateKeyring();
  server = await startIndependentApi({ customers: 5 });
}, 30_000);
afterAll(async () => {
  if (unavailable) return;
  await server.stop();
  await keyring.close();
});

const ACCOUNT = 'env-restart https://api.example.test';

describe.skipIf(unavailable !== null)('the keyring daemon stops and starts again', () => {
  it('in one process, keytar keeps asking the daemon that is gone (why the store uses a host process)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'card-desk-keytar-'));
    const script = join(dir, 'probe.cjs');
    writeFileSync(
      script,
      `const k = require(${JSON.stringify(require.resolve('keytar'))});
process.on('message', async (m) => {
  try { process.send({ ok: true, value: await k.getPassword('Card Desk probe', 'a') }); }
  catch (e) { process.send({ ok: false, message: String(e && e.message) }); }
});`,
    );
    const child = fork(script, [], { env: keyring.env, stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    const ask = () =>
      new Promise<{ ok: boolean; message?: string }>((resolve) => {
        child.once('message', (m) => resolve(m as { ok: boolean; message?: string }));
        child.send('get');
      });
    try {
      expect(await ask()).toMatchObject({ ok: true });
      await keyring.stopDaemon();
      await keyring.startDaemon();
      const after = await ask();
      expect(after.ok).toBe(false);
      expect(after.message).toMatch(/The name :\d+\.\d+ was not provided/);
    } finally {
      child.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the next call after the daemon returns works, and so does accounts.list with the key it reads', async () => {
    const store = new HostedSecretStore({
      start: nodeKeychainHost(keychainHostLocation(), keyring.env),
      service: 'Card Desk restart test',
    });
    try {
      await store.set(ACCOUNT, server.key);
      const api = createCardApiClient({
        baseUrl: server.url,
        getKey: async () => (await store.get(ACCOUNT)) ?? '',
        retry: { maxAttempts: 1 },
      });
      expect((await api.listAccounts({})).ok).toBe(true);

      await keyring.stopDaemon();
      // While it is gone: the keychain is said to be unavailable, and nothing is sent without a key.
      const down = await store.get(ACCOUNT).catch((e: unknown) => e);
      expect(down).toBeInstanceOf(KeychainUnavailableError);
      expect((down as KeychainUnavailableError).problem, (down as KeychainUnavailableError).detail).toBe(
        'no_secret_service',
      );
      const asked = server.log.length;
      const failed = await api.listAccounts({});
      expect(failed.ok).toBe(false);
      expect(server.log.length).toBe(asked);

      await keyring.startDaemon();
      // The very next call, with no restart of anything of Card Desk's.
      expect(await store.get(ACCOUNT)).toBe(server.key);
      const accounts = await api.listAccounts({});
      expect(accounts.ok).toBe(true);
      // Bounded: each of the two calls while the daemon was down tried twice, the first on the host of the
      // calls before (1 + 1 fresh), the second on two fresh ones; then one fresh host since it is back.
      expect(store.hostsStarted).toBe(1 + 1 + 2 + 1);
    } finally {
      store.dispose();
    }
  });
});
