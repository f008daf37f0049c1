// A proxy the system chose asks for a user name and password, in a real browser against the real handlers:
// the environment goes through a real Squid (Debian's package, Basic through basic_ncsa_auth) named by
// HTTPS_PROXY, as the system proxy is outside Electron. The Accounts page's call meets the 407, Card Desk
// opens "Sign in to the proxy" once, the answer goes to the keychain for that proxy, and the page's next
// call goes through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxySignInAccount } from '../../src-main/environments/proxy-sign-ins';
import { defaultSecretStore } from '../../src-main/keychain/default-secret-store';
import {
  customersPage,
  makeTestPki,
  officeNetworkMissing,
  startTestApi,
  type TestApi,
  type TestPki,
} from '../support/office-network';
import { PROXY_HOST } from '../support/kerberos-realm';
import { squidMissing, startSquid, type SquidProxy } from '../support/squid';
import { proxyVariables } from '../support/proxy-variables';
import { appWith, openFresh } from './shared-app';

const PASSWORD = 'Ikeja-proxy-7';
const ACCOUNTS = JSON.stringify({
  statusCode: 200,
  message: 'ok',
  data: [{ _id: 'acc-1', accountName: 'Adaeze Okafor', currency: 'NGN', type: 'account', accountNumber: '0123456789' }],
  pagination: { total: 1, pages: 1, page: 1, limit: 25 },
});

let pki: TestPki;
let api: TestApi;
let squid: SquidProxy;
const variables = proxyVariables();
const secretStore: ReturnType<typeof defaultSecretStore> & { dispose?(): void } = defaultSecretStore();

beforeAll(async () => {
  // Never skipped: CI installs every part (.ci/run), so a missing one is a failure that says what to install.
  const missing = (await officeNetworkMissing()) ?? squidMissing();
  if (missing) throw new Error(`The proxy sign-in window cannot be tried: ${missing}`);
  pki = makeTestPki();
  api = await startTestApi(pki, (req, res) => {
    const body = (req.url ?? '').startsWith('/accounts') ? ACCOUNTS : customersPage(1);
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
  });
  squid = await startSquid({ host: PROXY_HOST, basic: { user: 'teller.ikeja', password: PASSWORD } });
  // The system's proxy as the harness finds it (Electron's resolver stands behind the same port in the app).
  variables.set({ HTTPS_PROXY: `http://${PROXY_HOST}:${squid.port}` });
});
const app = appWith({ sandbox: { seed: 5, customers: 5 } });
afterAll(async () => {
  variables.restore();
  await secretStore.delete(proxySignInAccount(`${PROXY_HOST}:${squid?.port}`)).catch(() => undefined);
  secretStore.dispose?.();
  await squid?.stop();
  await api?.stop();
  pki?.remove();
});

describe('Sign in to the proxy', () => {
  it('asks once for the proxy the system chose, keeps the answer for it, and the next call goes through', async () => {
    const { e2e } = app;
    const proxy = `${PROXY_HOST}:${squid.port}`;
    await e2e.open('settings');
    await e2e.page.evaluate(
      async ({ url, pem }) => {
        const bridge = window.cardDesk;
        const saved = await bridge.environments.save({ name: 'Ikeja branch', baseUrl: url });
        if (!saved.ok) throw new Error(saved.error.message);
        const id = saved.data.id;
        await bridge.network.setExtraCa({ environmentId: id, pem });
        await bridge.keys.set({ environmentId: id, key: 'sk_test_ikeja_0001', allowUnverified: true });
        await bridge.environments.activate({ id });
      },
      { url: api.url, pem: pki.caPem },
    );
    await openFresh(e2e, 'accounts');
    const dialog = e2e.page.getByRole('dialog', { name: `Sign in to the proxy ${proxy}` });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('(Basic)');
    // One window, however many calls met the proxy's 407 meanwhile.
    expect(await e2e.page.getByRole('dialog').count()).toBe(1);
    await dialog.getByLabel('User name').fill('teller.ikeja');
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(JSON.parse((await secretStore.get(proxySignInAccount(proxy)))!)).toEqual({
      username: 'teller.ikeja',
      password: PASSWORD,
    });

    await openFresh(e2e, 'accounts');
    await e2e.page.getByText('Adaeze Okafor').first().waitFor();
    expect(await e2e.page.getByRole('dialog').count()).toBe(0);
    expect(await e2e.page.content()).not.toContain(PASSWORD);
  });
});
