// Which way a request goes: PAC answers as Chromium's resolveProxy gives them, the proxy variables as
// outside Electron, each environment's setting, and loopback always direct.
import { afterEach, describe, expect, it } from 'vitest';
import { proxyUrl } from '../../../src-main/api/network-agents';
import { proxyVariables } from '../../support/proxy-variables';
import { environmentProxyResolver, routeFor, routeFromPac } from '../../../src-main/api/network-route';

const env = proxyVariables();
const setEnv = (vars: Record<string, string>) => env.set(vars);
afterEach(() => env.restore());

describe('a PAC answer', () => {
  it.each([
    ['DIRECT', { kind: 'direct' }],
    ['PROXY proxy.corp:8080; DIRECT', { kind: 'proxy', host: 'proxy.corp', port: 8080 }],
    ['HTTPS secure.corp:443', { kind: 'proxy', host: 'secure.corp', port: 443, secure: true }],
    ['SOCKS5 socks.corp:1080; PROXY fallback.corp:3128', { kind: 'proxy', host: 'fallback.corp', port: 3128 }],
    ['SOCKS socks.corp:1080', { kind: 'direct' }],
    ['PROXY [fd00::1]:3128', { kind: 'proxy', host: 'fd00::1', port: 3128 }],
    ['', { kind: 'direct' }],
  ])('%j gives %j', (answer, route) => expect(routeFromPac(answer)).toEqual(route));
});

describe('the proxy variables (outside Electron)', () => {
  it('reads HTTPS_PROXY for https and HTTP_PROXY for http, in either case', async () => {
    setEnv({ HTTPS_PROXY: 'http://proxy.corp:8080', http_proxy: 'plain.corp:3128' });
    expect(await environmentProxyResolver('https://api.example.com/customers')).toBe('PROXY proxy.corp:8080');
    expect(await environmentProxyResolver('http://api.example.com/customers')).toBe('PROXY plain.corp:3128');
    setEnv({ https_proxy: 'http://lower.corp:9000' });
    expect(await environmentProxyResolver('https://api.example.com/')).toBe('PROXY lower.corp:9000');
    setEnv({ HTTPS_PROXY: 'https://tls-proxy.corp' });
    expect(await environmentProxyResolver('https://api.example.com/')).toBe('HTTPS tls-proxy.corp:443');
  });

  it('goes direct for hosts NO_PROXY names, and with no variable at all', async () => {
    setEnv({ HTTPS_PROXY: 'http://proxy.corp:8080', no_proxy: '.internal.corp,api.example.com' });
    expect(await environmentProxyResolver('https://api.example.com/')).toBe('DIRECT');
    expect(await environmentProxyResolver('https://cards.internal.corp/')).toBe('DIRECT');
    expect(await environmentProxyResolver('https://other.example.com/')).toBe('PROXY proxy.corp:8080');
    setEnv({});
    expect(await environmentProxyResolver('https://api.example.com/')).toBe('DIRECT');
  });
});

describe("an environment's route", () => {
  const system = async () => 'PROXY proxy.corp:8080';
  it('is direct for loopback addresses whatever the setting', async () => {
    for (const url of ['http://127.0.0.1:4000/x', 'https://localhost/x', 'http://[::1]:80/x']) {
      for (const setting of [{ mode: 'system' }, { mode: 'manual', host: 'proxy.corp', port: 8080 }] as const)
        expect(await routeFor(url, { setting, resolveSystem: system })).toEqual({ kind: 'direct' });
    }
  });

  it('follows None, Manual (with the keychain password for its user) and System', async () => {
    const url = 'https://api.example.com/customers';
    expect(await routeFor(url, { setting: { mode: 'none' }, resolveSystem: system })).toEqual({ kind: 'direct' });
    expect(
      await routeFor(url, {
        setting: { mode: 'manual', host: 'proxy.corp', port: 3128, username: 'ada' },
        resolveSystem: system,
        password: async () => 'pw',
      }),
    ).toEqual({ kind: 'proxy', host: 'proxy.corp', port: 3128, source: 'manual', username: 'ada', password: 'pw' });
    expect(await routeFor(url, { setting: { mode: 'system' }, resolveSystem: system })).toEqual({
      kind: 'proxy',
      host: 'proxy.corp',
      port: 8080,
      source: 'system',
    });
  });

  it('takes the sign-in kept for the proxy the system chose, and the service principal Settings names', async () => {
    const asked: string[] = [];
    const route = await routeFor('https://api.example.com/customers', {
      setting: { mode: 'system', servicePrincipal: 'HTTP/gateway.corp' },
      resolveSystem: system,
      savedSignIn: async (proxy) => {
        asked.push(proxy);
        return { username: 'ada', password: 'pw' };
      },
    });
    expect(asked).toEqual(['proxy.corp:8080']);
    expect(route).toEqual({
      kind: 'proxy',
      host: 'proxy.corp',
      port: 8080,
      source: 'system',
      servicePrincipal: 'HTTP/gateway.corp',
      username: 'ada',
      password: 'pw',
    });
  });
});

describe('the proxy URL the agents get', () => {
  it('carries the sign-in encoded, and https for a proxy reached over TLS', () => {
    expect(proxyUrl({ kind: 'proxy', host: 'proxy.corp', port: 8080 })).toBe('http://proxy.corp:8080');
    expect(proxyUrl({ kind: 'proxy', host: 'proxy.corp', port: 8080, username: 'ad@corp', password: 'p:w/1' })).toBe(
      'http://ad%40corp:p%3Aw%2F1@proxy.corp:8080',
    );
    expect(proxyUrl({ kind: 'proxy', host: 'fd00::1', port: 443, secure: true })).toBe('https://[fd00::1]:443');
  });
});
