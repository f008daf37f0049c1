// Listing the keychain's accounts while another process changes the same service's items. On Linux keytar
// lists with libsecret and copies each item's secret with strdup; an item removed between the search and the
// copy has no secret, and strdup(NULL) ends the process with SIGSEGV (seen as a vitest worker dying in the
// keychain tests: keytar::FindCredentials → strdup(s=0x0)). The app lists accounts when it removes an
// environment's keys; it lists through its keychain host (hosted-secret-store.ts), so such a crash ends only
// the host: the call is answered (by a fresh host, or as the keychain's refusal) and the app goes on.
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HostedSecretStore } from '../../../src-main/keychain/hosted-secret-store';
import { KeychainUnavailableError } from '../../../src-main/keychain/keychain-error';
import { nodeKeychainHost } from '../../../src-main/keychain/node-keychain-host';
import { requireTestKeychain } from '../environments/support';

const SERVICE = `Card Desk list test ${randomUUID()}`;
const ACCOUNTS = ['env-a', 'env-b', 'env-c', 'env-d', 'env-e'];
const LISTS = 8;

let dir: string;
let churn: ChildProcess | null = null;

beforeAll(() => {
  requireTestKeychain();
  dir = mkdtempSync(join(tmpdir(), 'card-desk-keychain-churn-'));
});
afterAll(async () => {
  await stopChurn();
  rmSync(dir, { recursive: true, force: true });
});

/** Another process that sets and removes the service's items as fast as the keychain lets it. */
function startChurn(): ChildProcess {
  const script = join(dir, 'churn.cjs');
  const keytar = createRequire(import.meta.url).resolve('keytar');
  writeFileSync(
    script,
    `const k = require(${JSON.stringify(keytar)});
const service = ${JSON.stringify(SERVICE)}, accounts = ${JSON.stringify(ACCOUNTS)};
// Ends with the test's process, however that ends.
process.on('disconnect', () => process.exit(0));
(async () => {
  for (let i = 0; process.connected; i++) {
    try {
      await k.setPassword(service, accounts[i % accounts.length], 'sk_test_churn_' + i);
      await k.deletePassword(service, accounts[(i + 2) % accounts.length]);
    } catch {}
  }
})();`,
  );
  // No inherited output: the child must not hold the test's pipes open.
  return fork(script, [], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
}

async function stopChurn(): Promise<void> {
  const child = churn;
  churn = null;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
}

it('lists accounts while another process adds and removes them, and the app is still there to answer', async () => {
  const store = new HostedSecretStore({ start: nodeKeychainHost(), service: SERVICE });
  try {
    churn = startChurn();
    let answered = 0;
    let refused = 0;
    for (let i = 0; i < LISTS; i++) {
      try {
        const listed = await store.accounts();
        expect(ACCOUNTS).toEqual(expect.arrayContaining(listed));
        answered++;
      } catch (e) {
        // An item removed mid-listing is read again a few times, then reported as a change by another
        // program (under changes this constant, nearly every listing): a clear error, not a crash.
        expect(e).toBeInstanceOf(KeychainUnavailableError);
        refused++;
      }
    }
    await stopChurn();
    console.info(
      `${LISTS} lists during changes: ${answered} answered, ${refused} refused; keychain hosts started: ${store.hostsStarted}`,
    );
    expect(answered + refused).toBe(LISTS);

    // Once the changes stop, the list is exact again.
    for (const account of ACCOUNTS) await store.delete(account);
    await store.set('env-b', 'sk_test_kept_b');
    await store.set('env-d', 'sk_test_kept_d');
    expect((await store.accounts()).sort()).toEqual(['env-b', 'env-d']);
    for (const account of ACCOUNTS) await store.delete(account);
    expect(await store.accounts()).toEqual([]);
  } finally {
    store.dispose();
  }
}, 120_000);
