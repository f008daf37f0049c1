// Tunnels kept open through a real Squid (Debian's package, signing in with Negotiate against a real KDC,
// test/support/): a sync of thousands of customers opens at most as many tunnels as it has pages in flight,
// counted in Squid's own access log (one line per tunnel, written when it closes); an operator's call
// through a warm tunnel costs neither a CONNECT nor a TLS handshake (counted at the service); a read whose
// kept tunnel died is sent again on a new one without failing; a write whose tunnel died after sending is
// an unknown outcome and is never sent twice.
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createServer as createHttpsServer, type Server } from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardApiClient } from '../../../src-main/api/client';
import { closeAgents } from '../../../src-main/api/network-agents';
import { networkResolver } from '../../../src-main/api/network-resolver';
import { DEFAULT_PAGE_CONCURRENCY } from '../../../src-main/cache/sync/sync-runner';
import { defaultSecretStore } from '../../../src-main/keychain/default-secret-store';
import { requireTestKeychain } from '../environments/support';
import { callCore, testAppCore } from '../support/app-core';
import { startIndependentApi, type IndependentApi } from '../../support/independent-api';
import {
  API_HOST,
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

const CUSTOMERS = 5_000;
const kerberosVariables = { KRB5_CONFIG: process.env.KRB5_CONFIG, KRB5CCNAME: process.env.KRB5CCNAME };
let realm: KerberosRealm;
let pki: TestPki;
let squid: SquidProxy;

beforeAll(async () => {
  requireTestKeychain();
  // Never skipped: CI installs every part (.ci/run), so a missing one is a failure that says what to install.
  const missing = (await officeNetworkMissing()) ?? (await kerberosMissing()) ?? squidMissing();
  if (missing) throw new Error(`The proxy tunnel tests cannot run: ${missing}`);
  realm = await startKerberosRealm();
  process.env.KRB5_CONFIG = realm.krb5Config;
  process.env.KRB5CCNAME = realm.ticketCache;
  realm.signIn();
  pki = makeTestPki();
  const negotiate = { keytab: realm.keytab, principal: `${PROXY_SERVICE}@${REALM}`, krb5Config: realm.krb5Config };
  squid = await startSquid({ host: PROXY_HOST, negotiate });
});
afterAll(async () => {
  for (const [name, value] of Object.entries(kerberosVariables))
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  await squid?.stop();
  pki?.remove();
  await realm?.stop();
});

const throughSquid = () => ({ mode: 'manual' as const, host: PROXY_HOST, port: squid.port });

/** The independent API behind HTTPS at api.card-desk.test (the test PKI's certificate): requests forwarded as they come. */
async function httpsFront(target: IndependentApi): Promise<{ url: string; port: number; stop(): Promise<void> }> {
  const backend = new URL(target.url);
  const server: Server = createHttpsServer({ key: pki.serverKey, cert: pki.serverCert }, (req, res) => {
    const forward = httpRequest(
      { host: backend.hostname, port: backend.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://${API_HOST}:${port}`,
    port,
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('tunnels kept open through a proxy that wants the Windows sign-in', () => {
  it(`syncs ${CUSTOMERS.toLocaleString('en')} customers through at most ${DEFAULT_PAGE_CONCURRENCY} tunnels, counted in the proxy's log`, async () => {
    const backend = await startIndependentApi({ customers: CUSTOMERS, limit: 10_000 });
    const front = await httpsFront(backend);
    const dataDir = mkdtempSync(join(tmpdir(), 'card-desk-tunnels-'));
    const secretStore: ReturnType<typeof defaultSecretStore> & { dispose?(): void } = defaultSecretStore();
    const core = await testAppCore(dataDir, { secretStore });
    const target = `${API_HOST}:${front.port}`;
    /** Tunnels Squid logged before the sync, and the requests the sync sent. */
    const seen = { tunnels: 0, requests: 0 };
    try {
      const { id } = (await callCore(core, 'environments.save', {
        name: 'Lagos',
        baseUrl: front.url,
        kind: 'test',
      })) as {
        id: string;
      };
      await callCore(core, 'network.setExtraCa', { environmentId: id, pem: pki.caPem });
      await callCore(core, 'network.setProxy', { environmentId: id, proxy: throughSquid() });
      await callCore(core, 'keys.set', { environmentId: id, key: backend.key, allowUnverified: true });
      await callCore(core, 'environments.activate', { id });
      // The key check's tunnel closes now, so what Squid logs from here on is the sync's.
      closeAgents();
      await expect.poll(() => squid.tunnels(target).length).toBeGreaterThan(0);
      seen.tunnels = squid.tunnels(target).length;
      const pages = backend.requests.length;
      const synced = (await callCore(core, 'customers.sync', { full: true })) as { phase: string; customers: number };
      expect(synced).toMatchObject({ phase: 'done', customers: CUSTOMERS });
      seen.requests = backend.requests.length - pages;
      expect(seen.requests).toBeGreaterThanOrEqual(CUSTOMERS / 100);
    } finally {
      // Every tunnel closes (the sync's with its page reader, main's with the app): Squid then logs each one.
      await core.dispose();
      secretStore.dispose?.();
      rmSync(dataDir, { recursive: true, force: true });
    }
    await expect.poll(() => squid.tunnels(target).length).toBeGreaterThan(seen.tunnels);
    const tunnels = squid.tunnels(target).slice(seen.tunnels);
    console.info(`The sync sent ${seen.requests} requests through ${tunnels.length} tunnels (Squid's log, ${target})`);
    expect(tunnels.length).toBeLessThanOrEqual(DEFAULT_PAGE_CONCURRENCY);
    // Each signed in with the operator's ticket, asked of the main thread by the page reader's.
    expect(tunnels.every((t) => t.user === realm.operator)).toBe(true);
    await front.stop();
    await backend.stop();
  });
});

describe('an operator call through a warm tunnel', () => {
  let api: TestApi;
  let handshakes = 0;
  /** Connections whose next request the API drops unanswered (a tunnel that dies under a call). */
  let dropNext: 'reused-read' | 'write' | null = null;
  const served = new WeakMap<Socket, number>();

  beforeAll(async () => {
    api = await startTestApi(pki, (req, res) => {
      const socket = req.socket;
      const count = (served.get(socket) ?? 0) + 1;
      served.set(socket, count);
      if ((dropNext === 'reused-read' && count > 1) || (dropNext === 'write' && req.method === 'POST')) {
        dropNext = null;
        socket.destroy(); // the request arrived; no answer ever will
        return;
      }
      if (req.method === 'POST')
        res
          .writeHead(201, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ statusCode: 201, message: 'created', data: { _id: 'card-1', status: 'active' } }));
      else res.writeHead(200, { 'Content-Type': 'application/json' }).end(customersPage(1));
    });
    // A long keep-alive, so only the test decides when a connection dies.
    api.server.keepAliveTimeout = 120_000;
    api.server.on('secureConnection', () => void handshakes++);
  });
  afterAll(async () => {
    await api?.stop();
  });

  const client = () =>
    createCardApiClient({
      baseUrl: api.url,
      getKey: async () => 'test-key-0001',
      retry: { maxAttempts: 1 },
      network: networkResolver({ proxy: throughSquid, extraCa: () => [pki.caPem] }),
    });
  const tunnels = () => squid.tunnels(`${API_HOST}:${api.port}`).length;

  it('costs no CONNECT and no TLS handshake', async () => {
    // The first test to reach this API: no tunnel to it was opened before.
    const before = { handshakes, tunnels: tunnels() };
    const api1 = client();
    expect((await api1.listCustomers({ limit: 1 })).ok).toBe(true);
    expect(handshakes - before.handshakes).toBe(1);
    for (let i = 0; i < 5; i++) expect((await api1.listCustomers({ limit: 1 })).ok).toBe(true);
    expect(handshakes - before.handshakes).toBe(1);
    closeAgents();
    await expect.poll(tunnels).toBe(before.tunnels + 1);
  });

  it('sends a read again on a new tunnel when its kept tunnel died under it, and the call does not fail', async () => {
    closeAgents();
    const api1 = client();
    expect((await api1.listCustomers({ limit: 1 })).ok).toBe(true);
    const seen = api.seen.length;
    dropNext = 'reused-read';
    const result = await api1.listCustomers({ limit: 1 });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    expect(api.seen.length - seen).toBe(2); // the dropped one and the one sent again
  });

  it('never sends a write twice: a POST whose tunnel died after sending is an unknown outcome', async () => {
    const api1 = client();
    expect((await api1.listCustomers({ limit: 1 })).ok).toBe(true); // a warm tunnel the write does not use
    const posts = () => api.seen.filter((r) => r.method === 'POST').length;
    const before = posts();
    dropNext = 'write';
    const result = await api1.createCard({
      customerId: 'cus-0',
      type: 'virtual',
      brand: 'Verve',
      currency: 'NGN',
    } as never);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe('outcome_unknown');
    expect(posts() - before).toBe(1);
  });
});
