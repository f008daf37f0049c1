// Each environment's proxy and extra CA as Settings sets them, with the real keychain, real files and a real
// tinyproxy that asks for a sign-in: the password lives in the keychain only, the CA is copied into the data
// folder and shown with its subject, issuer, expiry and fingerprint, and the key check and every call of the
// environment go through its proxy and trust its CA.
import { X509Certificate } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proxyPasswordAccount } from '../../../src-main/environments/environment-network';
import { createManagerRig, requireTestKeychain, type ManagerRig } from '../environments/support';
import {
  API_HOST,
  CA_NAME,
  makeTestPki,
  officeNetworkMissing,
  startTestApi,
  startTinyproxy,
  type TestApi,
  type TestPki,
  type TestProxy,
} from '../../support/office-network';

const missing = await officeNetworkMissing();

const PASSWORD = 'proxy-s3cret-pass';
let pki: TestPki;
let api: TestApi;
let proxy: TestProxy;
let rig: ManagerRig;

beforeAll(async () => {
  requireTestKeychain();
  // Never skipped: CI installs tinyproxy and names api.card-desk.test (.ci/run); missing either fails, saying so.
  if (missing) throw new Error(`The environment network tests cannot run: ${missing}`);
  pki = makeTestPki();
  api = await startTestApi(pki);
  proxy = await startTinyproxy({ basicAuth: { user: 'operator1', password: PASSWORD } });
  rig = createManagerRig();
});
afterAll(async () => {
  await rig?.close();
  await proxy?.stop();
  await api?.stop();
  pki?.remove();
});

const connects = () => proxy.requests().filter((line) => line.startsWith(`CONNECT ${API_HOST}:${api.port}`)).length;

describe("an environment's network in Settings", () => {
  it('refuses a file that holds no certificate, naming the field', async () => {
    const saved = await rig.manager.save({ name: 'Branch', baseUrl: api.url });
    if (!saved.ok) throw new Error(saved.error.message);
    const result = await rig.manager.networks.setExtraCa({ environmentId: saved.data.id, pem: 'not a certificate' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatchObject({ kind: 'validation', field: 'pem' });
  });

  it('keeps the proxy password in the keychain only, copies the CA, and sends everything through the proxy', async () => {
    const saved = await rig.manager.save({ name: 'Head office', baseUrl: api.url });
    if (!saved.ok) throw new Error(saved.error.message);
    const id = saved.data.id;

    // Without its CA and with the system proxy (none here) the key cannot be checked.
    const before = await rig.manager.networks.get(id);
    expect(before.ok && before.data).toMatchObject({ proxy: { mode: 'system' }, extraCa: [], managed: false });
    expect(rig.manager.networks.extraCaOf(id)).toEqual([]);

    const ca = await rig.manager.networks.setExtraCa({ environmentId: id, pem: pki.caPem });
    if (!ca.ok) throw new Error(ca.error.message);
    const expected = new X509Certificate(pki.caPem);
    expect(ca.data.extraCa).toEqual([
      {
        subject: CA_NAME,
        issuer: CA_NAME,
        validTo: new Date(expected.validTo).toISOString(),
        fingerprint256: expected.fingerprint256,
      },
    ]);
    const copied = join(rig.dataDir, 'environments', id, 'extra-ca.pem');
    expect(readFileSync(copied, 'utf8')).toContain('BEGIN CERTIFICATE');
    expect(statSync(copied).mode & 0o777).toBe(0o600);
    // The environment's trust, asked by name (as its team database's connections ask it): the CA copied.
    const trusted = rig.manager.networks.extraCaOf(id).map((pem) => new X509Certificate(pem).fingerprint256);
    expect(trusted).toEqual([expected.fingerprint256]);

    const set = await rig.manager.networks.setProxy({
      environmentId: id,
      proxy: { mode: 'manual', host: '127.0.0.1', port: proxy.port, username: 'operator1' },
      password: PASSWORD,
    });
    if (!set.ok) throw new Error(set.error.message);
    expect(set.data).toMatchObject({ proxy: { mode: 'manual', username: 'operator1' }, hasProxyPassword: true });
    expect(readFileSync(join(rig.dataDir, 'settings.json'), 'utf8')).not.toContain(PASSWORD);
    expect(await rig.secretStore.get(proxyPasswordAccount(id))).toBe(PASSWORD);

    const tunnels = connects();
    const key = await rig.manager.setKey({ environmentId: id, key: 'sk_test_office_0001' });
    expect(key.ok && key.data, JSON.stringify(key)).toEqual({ verified: true });
    await rig.manager.activate(id);
    const page = await (await rig.manager.active()).api.listCustomers({ limit: 1 });
    expect(page.ok, JSON.stringify(page)).toBe(true);
    await expect.poll(connects).toBe(tunnels + 2);

    // "None" forgets the password; deleting the environment removes its password and its CA copy.
    const none = await rig.manager.networks.setProxy({ environmentId: id, proxy: { mode: 'none' } });
    expect(none.ok && none.data.hasProxyPassword).toBe(false);
    expect(await rig.secretStore.get(proxyPasswordAccount(id))).toBeNull();
    await rig.manager.networks.setProxy({
      environmentId: id,
      proxy: { mode: 'manual', host: '127.0.0.1', port: proxy.port, username: 'operator1' },
      password: PASSWORD,
    });
    expect((await rig.manager.delete(id)).ok).toBe(true);
    expect(await rig.secretStore.get(proxyPasswordAccount(id))).toBeNull();
    // The log (at debug: every attempt) never holds the proxy's password.
    await rig.logger.flush();
    expect(readFileSync(rig.logFile, 'utf8')).not.toContain(PASSWORD);
    expect(existsSync(copied)).toBe(false);
  });

  it('cannot give the local sandbox a proxy', async () => {
    const result = await rig.manager.networks.setProxy({
      environmentId: 'local-sandbox',
      proxy: { mode: 'manual', host: 'proxy.corp', port: 8080 },
    });
    expect(result.ok).toBe(false);
  });
});
