// The sign-ins office proxies ask for, on real parts from Debian's packages: a real MIT Kerberos KDC in a
// temporary folder (test/support/kerberos-realm.ts), the operator's ticket from a real `kinit`, and real
// Squids (test/support/squid.ts) asking for Negotiate through negotiate_kerberos_auth, for NTLM through
// ntlm_fake_auth (the NTLM handshake is real; the fake helper accepts any password, since no domain
// controller can be served here) and for Basic through basic_ncsa_auth. Everything goes through the app's
// handlers, with the real keychain: the calls go through, what each proxy logged is read back, and a
// sign-in that cannot be given is named.
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app-core';
import { proxyPasswordAccount } from '../../../src-main/environments/environment-network';
import { proxySignInAccount } from '../../../src-main/environments/proxy-sign-ins';
import { defaultSecretStore } from '../../../src-main/keychain/default-secret-store';
import type { ProxySetting } from '../../../src-shared/ipc/channels/network';
import type { EventName } from '../../../src-shared/ipc/names';
import { requireTestKeychain } from '../environments/support';
import { callCore, testAppCore } from '../support/app-core';
import {
  customersPage,
  makeTestPki,
  officeNetworkMissing,
  startTestApi,
  type TestApi,
  type TestPki,
} from '../../support/office-network';
import {
  kerberosMissing,
  PROXY_HOST,
  PROXY_SERVICE,
  REALM,
  startKerberosRealm,
  type KerberosRealm,
} from '../../support/kerberos-realm';
import { squidMissing, startSquid, type SquidProxy } from '../../support/squid';
import { proxyVariables } from '../../support/proxy-variables';

const ACCOUNTS = JSON.stringify({
  statusCode: 200,
  message: 'ok',
  data: [{ _id: 'acc-1', accountName: 'Adaeze Okafor', currency: 'NGN', type: 'account' }],
  pagination: { total: 1, pages: 1, page: 1, limit: 25 },
});

let realm: KerberosRealm;
let pki: TestPki;
let api: TestApi;
let negotiateProxy: SquidProxy;
let ntlmProxy: SquidProxy;
let basicProxy: SquidProxy;
const variables = proxyVariables();
const kerberosVariables = { KRB5_CONFIG: process.env.KRB5_CONFIG, KRB5CCNAME: process.env.KRB5CCNAME };
const secretStore: ReturnType<typeof defaultSecretStore> & { dispose?(): void } = defaultSecretStore();

beforeAll(async () => {
  requireTestKeychain();
  // Never skipped: CI installs every part (.ci/run), so a missing one is a failure that says what to install.
  const missing = (await officeNetworkMissing()) ?? (await kerberosMissing()) ?? squidMissing();
  if (missing) throw new Error(`The proxy sign-in tests cannot run: ${missing}`);
  realm = await startKerberosRealm();
  // Set once, before any Kerberos work: each test fills or empties this one cache instead.
  process.env.KRB5_CONFIG = realm.krb5Config;
  process.env.KRB5CCNAME = realm.ticketCache;
  pki = makeTestPki();
  api = await startTestApi(pki, (req, res) => {
    const body = (req.url ?? '').startsWith('/accounts') ? ACCOUNTS : customersPage(1);
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(body);
  });
  const negotiate = { keytab: realm.keytab, principal: `${PROXY_SERVICE}@${REALM}`, krb5Config: realm.krb5Config };
  [negotiateProxy, ntlmProxy, basicProxy] = await Promise.all([
    startSquid({ host: PROXY_HOST, negotiate }),
    startSquid({ host: PROXY_HOST, ntlm: true }),
    startSquid({ host: PROXY_HOST, basic: { user: 'branch.operator', password: 'Lagos-2026!' } }),
  ]);
});
afterEach(() => variables.restore());
afterAll(async () => {
  for (const [name, value] of Object.entries(kerberosVariables))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  await Promise.all([negotiateProxy?.stop(), ntlmProxy?.stop(), basicProxy?.stop()]);
  await api?.stop();
  pki?.remove();
  await realm?.stop();
  secretStore.dispose?.();
});

interface Office {
  core: AppCore;
  id: string;
  dataDir: string;
  events: { name: EventName; payload: unknown }[];
  close(): Promise<void>;
}

/** The app on a fresh data folder with one environment for the test API, set to `proxy`, its key saved unchecked. */
async function office(proxy: ProxySetting): Promise<Office> {
  const dataDir = mkdtempSync(join(tmpdir(), 'card-desk-sign-in-'));
  const events: Office['events'] = [];
  const core = await testAppCore(dataDir, {
    secretStore,
    emit: (name, payload) => events.push({ name, payload: structuredClone(payload) }),
  });
  const env = (await callCore(core, 'environments.save', { name: 'Head office', baseUrl: api.url, kind: 'test' })) as {
    id: string;
  };
  await callCore(core, 'network.setExtraCa', { environmentId: env.id, pem: pki.caPem });
  await callCore(core, 'network.setProxy', { environmentId: env.id, proxy });
  await callCore(core, 'keys.set', { environmentId: env.id, key: 'sk_test_office_0001', allowUnverified: true });
  await callCore(core, 'environments.activate', { id: env.id });
  return {
    core,
    id: env.id,
    dataDir,
    events,
    close: async () => {
      await core.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** accounts.list as the Accounts page asks it: its Result, whole. */
const listAccounts = async (core: AppCore) =>
  (await (core.handlers['accounts.list'] as unknown as (i: unknown, c: unknown) => Promise<unknown>)(
    { page: 1, limit: 25 },
    { signal: new AbortController().signal },
  )) as { ok: true; data: { _id: string }[] } | { ok: false; error: { kind: string; message: string } };

const target = () => `api.card-desk.test:${api.port}`;

describe('a proxy that wants the Windows sign-in (Negotiate, Kerberos)', () => {
  it("answers accounts.list through the proxy with the operator's ticket, and no password anywhere", async () => {
    realm.signIn();
    const o = await office({ mode: 'manual', host: PROXY_HOST, port: negotiateProxy.port });
    try {
      const result = await listAccounts(o.core);
      expect(result, JSON.stringify(result)).toMatchObject({ ok: true, data: [{ _id: 'acc-1' }] });
      // Squid checked the ticket with its keytab and names the operator's principal.
      await o.core.dispose();
      await expect.poll(() => negotiateProxy.tunnels(target()).map((l) => l.user)).toContain(realm.operator);
      expect(await secretStore.get(proxyPasswordAccount(o.id))).toBeNull();
      expect(await secretStore.get(proxySignInAccount(`${PROXY_HOST}:${negotiateProxy.port}`))).toBeNull();
      expect(readFileSync(join(o.dataDir, 'settings.json'), 'utf8')).not.toMatch(/password/i);
    } finally {
      await o.close();
    }
  });

  it('says the proxy wants the Windows (Kerberos) sign-in when the operator has no ticket; nothing is sent', async () => {
    realm.signOut();
    const o = await office({ mode: 'manual', host: PROXY_HOST, port: negotiateProxy.port });
    try {
      const seen = api.seen.length;
      const result = await listAccounts(o.core);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.kind).toBe('proxy_auth');
        expect(result.error.message).toContain(
          `The proxy ${PROXY_HOST}:${negotiateProxy.port} wants your Windows sign-in`,
        );
        expect(result.error.message).toContain('no Kerberos ticket');
        expect(result.error.message).toContain('Nothing was sent');
      }
      expect(api.seen.length).toBe(seen);
    } finally {
      await o.close();
    }
  });

  it('names the service principal the realm does not know, and takes the one Settings names', async () => {
    realm.signIn();
    // The proxy reached by its address: the ticket would be for HTTP/127.0.0.1, which the realm does not know.
    const byAddress = await office({ mode: 'manual', host: '127.0.0.1', port: negotiateProxy.port });
    try {
      const result = await listAccounts(byAddress.core);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.message).toContain('your domain does not know the proxy as HTTP/127.0.0.1');
      await callCore(byAddress.core, 'network.setProxy', {
        environmentId: byAddress.id,
        proxy: { mode: 'manual', host: '127.0.0.1', port: negotiateProxy.port, servicePrincipal: PROXY_SERVICE },
      });
      const named = await listAccounts(byAddress.core);
      expect(named, JSON.stringify(named)).toMatchObject({ ok: true });
    } finally {
      await byAddress.close();
    }
  });
});

describe('a proxy that wants NTLM', () => {
  it('signs in with the user name and password Settings keeps, in three messages on one connection', async () => {
    const o = await office({ mode: 'manual', host: PROXY_HOST, port: ntlmProxy.port, username: 'CORP\\adaeze' });
    try {
      const none = await listAccounts(o.core);
      expect(none.ok).toBe(false);
      if (!none.ok) expect(none.error.message).toContain('(NTLM)');
      await callCore(o.core, 'network.setProxy', {
        environmentId: o.id,
        proxy: { mode: 'manual', host: PROXY_HOST, port: ntlmProxy.port, username: 'CORP\\adaeze' },
        password: 'ntlm-pass-1',
      });
      const result = await listAccounts(o.core);
      expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
      await o.core.dispose();
      // ntlm_fake_auth names the user of the AUTHENTICATE message: only a completed handshake gets there.
      await expect
        .poll(() => ntlmProxy.tunnels(target()).map((l) => l.user))
        .toContainEqual(expect.stringContaining('adaeze'));
    } finally {
      await o.close();
    }
  });
});

describe('a proxy the system chose that asks for a user name and password', () => {
  it('asks the operator once, keeps the answer in the keychain for that proxy, and uses it for every call', async () => {
    variables.set({ HTTPS_PROXY: `http://${PROXY_HOST}:${basicProxy.port}` });
    const proxy = `${PROXY_HOST}:${basicProxy.port}`;
    const o = await office({ mode: 'system' });
    try {
      const first = await listAccounts(o.core);
      const second = await listAccounts(o.core);
      for (const result of [first, second]) {
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.error.message).toContain('Card Desk asks you for the user name and password');
      }
      // Asked once, however many calls met the 407.
      const asked = o.events.filter((e) => e.name === 'network.proxySignInAsked');
      expect(asked).toEqual([
        {
          name: 'network.proxySignInAsked',
          payload: { proxy, scheme: 'basic', realm: 'Card Desk test office', refused: false },
        },
      ]);
      expect(await callCore(o.core, 'network.proxySignIns', {})).toHaveLength(1);

      // An answer for a proxy that asked nothing is refused; the one asked is kept in the keychain.
      await expect(
        callCore(o.core, 'network.answerProxySignIn', {
          proxy: 'elsewhere.example:3128',
          answer: { username: 'x', password: 'y' },
        }),
      ).rejects.toThrow('No sign-in was asked');
      const left = await callCore(o.core, 'network.answerProxySignIn', {
        proxy,
        answer: { username: 'branch.operator', password: 'Lagos-2026!' },
      });
      expect(left).toEqual([]);
      expect(JSON.parse((await secretStore.get(proxySignInAccount(proxy)))!)).toEqual({
        username: 'branch.operator',
        password: 'Lagos-2026!',
      });
      for (let i = 0; i < 3; i++) expect((await listAccounts(o.core)).ok).toBe(true);
      expect(o.events.filter((e) => e.name === 'network.proxySignInAsked')).toHaveLength(1);
      await o.core.dispose();
      await expect.poll(() => basicProxy.tunnels(target()).map((l) => l.user)).toContain('branch.operator');
      expect(readFileSync(join(o.dataDir, 'settings.json'), 'utf8')).not.toContain('Lagos-2026!');
      expect(readFileSync(join(o.dataDir, 'logs', 'main.log'), 'utf8')).not.toContain('Lagos-2026!');
    } finally {
      await secretStore.delete(proxySignInAccount(proxy));
      await o.close();
    }
  });
});

describe('a sign-in kept for a proxy the system chose, which the proxy refuses', () => {
  it('says so and asks again, saying the kept one was refused', async () => {
    variables.set({ HTTPS_PROXY: `http://${PROXY_HOST}:${basicProxy.port}` });
    const proxy = `${PROXY_HOST}:${basicProxy.port}`;
    const o = await office({ mode: 'system' });
    try {
      await listAccounts(o.core);
      await callCore(o.core, 'network.answerProxySignIn', {
        proxy,
        answer: { username: 'branch.operator', password: 'not-the-password' },
      });
      const refused = await listAccounts(o.core);
      expect(refused.ok).toBe(false);
      if (!refused.ok)
        expect(refused.error.message).toContain('refused the user name and password Card Desk sent (Basic)');
      expect(o.events.filter((e) => e.name === 'network.proxySignInAsked').map((e) => e.payload)).toEqual([
        { proxy, scheme: 'basic', realm: 'Card Desk test office', refused: false },
        { proxy, scheme: 'basic', realm: 'Card Desk test office', refused: true },
      ]);
    } finally {
      await secretStore.delete(proxySignInAccount(proxy));
      await o.close();
    }
  });
});

describe('a proxy the system chose that wants the Windows sign-in or NTLM', () => {
  it('signs in to a Negotiate proxy with the ticket, asking nothing', async () => {
    realm.signIn();
    variables.set({ HTTPS_PROXY: `http://${PROXY_HOST}:${negotiateProxy.port}` });
    const o = await office({ mode: 'system' });
    try {
      expect(await listAccounts(o.core)).toMatchObject({ ok: true });
      expect(o.events.filter((e) => e.name === 'network.proxySignInAsked')).toEqual([]);
    } finally {
      await o.close();
    }
  });

  it('asks for an NTLM sign-in once and signs in with it, in three messages on one connection', async () => {
    variables.set({ HTTPS_PROXY: `http://${PROXY_HOST}:${ntlmProxy.port}` });
    const proxy = `${PROXY_HOST}:${ntlmProxy.port}`;
    const o = await office({ mode: 'system' });
    try {
      const first = await listAccounts(o.core);
      expect(first.ok).toBe(false);
      if (!first.ok) expect(first.error.message).toContain(`The proxy ${proxy} asks for a sign-in (NTLM)`);
      expect(o.events.filter((e) => e.name === 'network.proxySignInAsked').map((e) => e.payload)).toEqual([
        { proxy, scheme: 'ntlm', realm: null, refused: false },
      ]);
      await callCore(o.core, 'network.answerProxySignIn', {
        proxy,
        answer: { username: 'CORP\\bola', password: 'ntlm-pass-2' },
      });
      expect(await listAccounts(o.core)).toMatchObject({ ok: true });
      await o.core.dispose();
      await expect
        .poll(() => ntlmProxy.tunnels(target()).map((l) => l.user))
        .toContainEqual(expect.stringContaining('bola'));
    } finally {
      await secretStore.delete(proxySignInAccount(proxy));
      await o.close();
    }
  });
});
