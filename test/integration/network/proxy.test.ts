// Every call through a real proxy (tinyproxy from Debian's packages), to an HTTPS API at a host name that is
// not a loopback literal, with the proxy found as outside Electron: HTTPS_PROXY / NO_PROXY. Every request
// shows in the proxy's log; with the proxy stopped, calls fail as an unreachable proxy and nothing reaches
// the API; a proxy that wants a sign-in is named; the caps, time limits and rate budget hold as without one.
import { X509Certificate } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCardApiClient } from '../../../src-main/api/client';
import { MAX_ANSWER_BYTES, httpTransport } from '../../../src-main/api/http-transport';
import { closeAgents } from '../../../src-main/api/network-agents';
import { CacheWriter } from '../../../src-main/cache/threads/cache-writer';
import { workerLocation } from '../../../src-main/cache/threads/worker-location';
import { KeychainUnavailableError } from '../../../src-main/keychain/keychain-error';
import { proxyVariables } from '../../support/proxy-variables';
import { networkResolver } from '../../../src-main/api/network-resolver';
import type { ProxySetting } from '../../../src-shared/ipc/channels/network';
import {
  API_HOST,
  CA_NAME,
  customersPage,
  freePort,
  makeTestPki,
  officeNetworkMissing,
  startTestApi,
  startTinyproxy,
  type TestApi,
  type TestPki,
  type TestProxy,
} from '../../support/office-network';

const WORKER = new URL('../../../src-main/cache/threads/worker.ts', import.meta.url);

const missing = await officeNetworkMissing();

const env = proxyVariables();
const setProxyEnv = (vars: Record<string, string>) => env.set(vars);

/** What the API does with the next GET /customers: answer, send more than the cap, or never answer. */
let customersMode: 'answer' | 'huge' | 'silent' = 'answer';
let pki: TestPki;
let api: TestApi;
let proxy: TestProxy;
const started: { stop(): Promise<void> }[] = [];

beforeAll(async () => {
  // Never skipped: CI installs tinyproxy and names api.card-desk.test (.ci/run); missing either fails, saying so.
  if (missing) throw new Error(`The proxy tests cannot run: ${missing}`);
  pki = makeTestPki();
  api = await startTestApi(pki, (req, res) => {
    const path = req.url ?? '';
    if (customersMode === 'huge') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(Buffer.alloc(MAX_ANSWER_BYTES + 1024, 0x20));
      return;
    }
    if (customersMode === 'silent') return; // never answers
    if (req.method === 'POST' && path === '/cards') {
      res
        .writeHead(201, { 'Content-Type': 'application/json' })
        .end(JSON.stringify({ statusCode: 201, message: 'created', data: { _id: 'card-1', status: 'active' } }));
      return;
    }
    res
      .writeHead(200, {
        'Content-Type': 'application/json',
        'X-RateLimit-Limit': '100',
        'X-RateLimit-Remaining': '42',
        'X-RateLimit-Reset': String(Math.ceil(Date.now() / 1000) + 60),
      })
      .end(customersPage());
  });
  proxy = await startTinyproxy();
});
afterEach(() => {
  customersMode = 'answer';
  env.restore();
});
afterAll(async () => {
  for (const s of started) await s.stop();
  await proxy?.stop();
  await api?.stop();
  pki?.remove();
});

/** A client for the test API with the environment's proxy setting and the office CA as its extra CA. */
const clientFor = (
  setting: ProxySetting,
  extra: { password?: string; keychainLocked?: boolean; baseUrl?: string; headersMs?: number } = {},
) =>
  createCardApiClient({
    baseUrl: extra.baseUrl ?? api.url,
    getKey: async () => 'test-key-0001',
    retry: { maxAttempts: 1 },
    ...(extra.headersMs ? { timeouts: { headersMs: extra.headersMs, totalMs: extra.headersMs * 3 } } : {}),
    network: networkResolver({
      proxy: () => setting,
      extraCa: () => [pki.caPem],
      proxyPassword: async () => {
        if (extra.keychainLocked) throw new KeychainUnavailableError('locked', 'the test locked it');
        return extra.password ?? null;
      },
    }),
  });

/** A card write, as the issue wizard sends it. */
const issueCard = (client: ReturnType<typeof clientFor>) =>
  client.createCard({ customerId: 'cus-0', type: 'virtual', brand: 'Verve', currency: 'NGN' } as never);

const connects = (p: TestProxy) => p.requests().filter((line) => line.startsWith(`CONNECT ${API_HOST}:${api.port}`));

describe('through a real proxy named by HTTPS_PROXY', () => {
  it('sends every request, reads and writes, through the proxy as a CONNECT tunnel', async () => {
    setProxyEnv({ HTTPS_PROXY: proxy.url });
    const client = clientFor({ mode: 'system' });
    const before = connects(proxy).length;
    const seenBefore = api.seen.length;
    const page = await client.listCustomers({ limit: 2 });
    expect(page.ok, JSON.stringify(page)).toBe(true);
    const card = await issueCard(client);
    expect(card.ok, JSON.stringify(card)).toBe(true);
    expect(api.seen.length - seenBefore).toBe(2);
    // The read's tunnel is kept for the next read; the write gets a tunnel of its own.
    await expect.poll(() => connects(proxy).length - before).toBe(2);
  });

  it('reads the lower-case https_proxy too, and goes direct for a host NO_PROXY names', async () => {
    closeAgents(); // no tunnel kept from an earlier test: this one's read opens its own
    setProxyEnv({ https_proxy: proxy.url });
    const before = connects(proxy).length;
    expect((await clientFor({ mode: 'system' }).listCustomers({ limit: 1 })).ok).toBe(true);
    await expect.poll(() => connects(proxy).length).toBe(before + 1);

    setProxyEnv({ HTTPS_PROXY: proxy.url, NO_PROXY: `localhost,.card-desk.test` });
    const seen = api.seen.length;
    expect((await clientFor({ mode: 'system' }).listCustomers({ limit: 1 })).ok).toBe(true);
    expect(api.seen.length).toBe(seen + 1);
    expect(connects(proxy).length).toBe(before + 1);
  });

  it('never sends a loopback address through the proxy, whatever the setting says', async () => {
    setProxyEnv({ HTTPS_PROXY: proxy.url });
    const before = proxy.requests().length;
    const loopback = `https://127.0.0.1:${api.port}`;
    for (const setting of [{ mode: 'system' }, { mode: 'manual', host: '127.0.0.1', port: proxy.port }] as const) {
      const result = await clientFor(setting, { baseUrl: loopback }).listCustomers({ limit: 1 });
      expect(result.ok, JSON.stringify(result)).toBe(true);
    }
    expect(proxy.requests().length).toBe(before);
  });

  it('goes direct with "None" although HTTPS_PROXY is set', async () => {
    setProxyEnv({ HTTPS_PROXY: proxy.url });
    const before = proxy.requests().length;
    expect((await clientFor({ mode: 'none' }).listCustomers({ limit: 1 })).ok).toBe(true);
    expect(proxy.requests().length).toBe(before);
  });

  it('uses a manual proxy without any variable set', async () => {
    closeAgents();
    setProxyEnv({});
    const before = connects(proxy).length;
    const result = await clientFor({ mode: 'manual', host: '127.0.0.1', port: proxy.port }).listCustomers({ limit: 1 });
    expect(result.ok, JSON.stringify(result)).toBe(true);
    await expect.poll(() => connects(proxy).length).toBe(before + 1);
  });

  it('keeps the answer size cap, the time limit and the rate budget through the proxy', async () => {
    setProxyEnv({ HTTPS_PROXY: proxy.url });
    const client = clientFor({ mode: 'system' }, { headersMs: 1_500 });
    expect((await client.listCustomers({ limit: 1 })).ok).toBe(true);
    expect(client.rateLimit()).toMatchObject({ limit: 100, remaining: 42 });

    customersMode = 'huge';
    const huge = await client.listCustomers({ limit: 1 });
    expect(huge.ok).toBe(false);
    if (!huge.ok) expect(huge.error).toMatchObject({ kind: 'server', message: expect.stringContaining('16 MB') });

    customersMode = 'silent';
    const slow = await client.listCustomers({ limit: 1 });
    customersMode = 'answer';
    expect(slow.ok).toBe(false);
    if (!slow.ok) {
      expect(slow.error.kind).toBe('timeout');
      expect(slow.error.message).toContain(`through the proxy 127.0.0.1:${proxy.port}`);
    }
  });

  it('fails as an unreachable proxy, naming it, when the proxy is stopped; nothing reaches the API', async () => {
    const stopped = await startTinyproxy();
    await stopped.stop();
    setProxyEnv({ HTTPS_PROXY: stopped.url });
    const seen = api.seen.length;
    const client = clientFor({ mode: 'system' });
    const read = await client.listCustomers({ limit: 1 });
    const write = await issueCard(client);
    for (const result of [read, write]) {
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.error.kind).toBe('proxy_unreachable');
      expect(result.error.message).toContain(`The proxy 127.0.0.1:${stopped.port} did not answer`);
      expect(result.error.message).toContain('Nothing was sent');
    }
    expect(api.seen.length).toBe(seen);
  });

  it('names a proxy whose host name cannot be found', async () => {
    const result = await clientFor({ mode: 'manual', host: 'proxy.card-desk.invalid', port: 3128 }).listCustomers({
      limit: 1,
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe('proxy_unreachable');
      expect(result.error.message).toContain('proxy.card-desk.invalid:3128');
    }
  });
});

describe('what goes wrong beyond the proxy', () => {
  it('names the certificate the service presented through the proxy when the environment does not trust its CA', async () => {
    setProxyEnv({ HTTPS_PROXY: proxy.url });
    const client = createCardApiClient({
      baseUrl: api.url,
      getKey: async () => 'test-key-0001',
      retry: { maxAttempts: 1 },
      network: networkResolver({ proxy: () => ({ mode: 'system' }) }),
    });
    const seen = api.seen.length;
    const result = await client.listCustomers({ limit: 1 });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe('network');
      expect(result.error.message).toContain(`issued by "${CA_NAME}"`);
      expect(result.error.message).toContain(`reached through the proxy 127.0.0.1:${proxy.port}`);
      expect(result.error.message).toContain(new X509Certificate(pki.serverCert).fingerprint256);
    }
    expect(api.seen.length).toBe(seen);
  });

  it('does not retry a certificate that failed the check: one try, and one look at what was presented', async () => {
    let connections = 0;
    const count = () => void connections++;
    api.server.on('connection', count);
    try {
      const client = createCardApiClient({
        baseUrl: api.url,
        getKey: async () => 'test-key-0001',
        retry: { maxAttempts: 4, baseDelayMs: 1, maxDelayMs: 2 },
        network: networkResolver({ proxy: () => ({ mode: 'none' }) }),
      });
      const result = await client.listCustomers({ limit: 1 });
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error.message).toContain(`issued by "${CA_NAME}"`);
      expect(connections).toBe(2);
    } finally {
      api.server.off('connection', count);
    }
  });

  it('says the proxy could not reach the service, and a write it refused to pass on was not sent', async () => {
    setProxyEnv({ HTTPS_PROXY: proxy.url });
    const client = clientFor({ mode: 'system' }, { baseUrl: `https://${API_HOST}:${await freePort()}` });
    const read = await client.listCustomers({ limit: 1 });
    const write = await issueCard(client);
    for (const result of [read, write]) {
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.error.kind).toBe('network');
      expect(result.error.message).toContain(`The proxy 127.0.0.1:${proxy.port} could not reach the card service`);
    }
  });

  it('sends plain HTTP to the proxy in absolute form', async () => {
    const plain = createServer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/plain' }).end('plain'));
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://${API_HOST}:${(plain.address() as AddressInfo).port}/customers?limit=1`;
      const response = await httpTransport(url, {
        method: 'GET',
        headers: {},
        signal: new AbortController().signal,
        redirect: 'manual',
        network: { route: { kind: 'proxy', host: '127.0.0.1', port: proxy.port }, extraCa: [] },
      });
      expect(await response.text()).toBe('plain');
      await expect.poll(() => proxy.requests()).toContain(`GET ${url} HTTP/1.1`);
    } finally {
      plain.closeAllConnections();
      await new Promise<void>((resolve) => plain.close(() => resolve()));
    }
  });

  it("sends a sync's pages from the cache's page reader thread through the proxy too", async () => {
    setProxyEnv({ HTTPS_PROXY: proxy.url });
    const writer = new CacheWriter(workerLocation(WORKER));
    try {
      const before = connects(proxy).length;
      const client = clientFor({ mode: 'system' });
      const page = await client.listCustomersBytes({ page: 1, limit: 2 }, { transport: writer.transport });
      expect(page.ok, JSON.stringify(page)).toBe(true);
      await expect.poll(() => connects(proxy).length).toBe(before + 1);
    } finally {
      await writer.stop();
    }
  });
});

describe('a proxy that asks for a sign-in (407)', () => {
  let authProxy: TestProxy;
  beforeAll(async () => {
    authProxy = await startTinyproxy({ basicAuth: { user: 'operator1', password: 's3cret-pass' } });
    started.push(authProxy);
  });
  const manual = (username?: string): ProxySetting => ({
    mode: 'manual',
    host: '127.0.0.1',
    port: authProxy.port,
    ...(username ? { username } : {}),
  });

  it('says the proxy asks for a sign-in, naming it, when none is set; nothing reaches the API', async () => {
    const seen = api.seen.length;
    const result = await clientFor(manual()).listCustomers({ limit: 1 });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe('proxy_auth');
      expect(result.error.message).toContain(`The proxy 127.0.0.1:${authProxy.port} asks for a sign-in`);
    }
    expect(api.seen.length).toBe(seen);
  });

  it('says the proxy refused the sign-in when the password is wrong', async () => {
    const result = await clientFor(manual('operator1'), { password: 'wrong' }).listCustomers({ limit: 1 });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe('proxy_auth');
      expect(result.error.message).toContain('refused the user name and password');
    }
  });

  it('says the keychain is why no password was sent, when it cannot give the saved one', async () => {
    const result = await clientFor(manual('operator1'), { keychainLocked: true }).listCustomers({ limit: 1 });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe('proxy_auth');
      expect(result.error.message).toContain("could not read the proxy's password from the system keychain");
    }
  });

  it('goes through with the right user name and password', async () => {
    const result = await clientFor(manual('operator1'), { password: 's3cret-pass' }).listCustomers({ limit: 1 });
    expect(result.ok, JSON.stringify(result)).toBe(true);
  });
});
