// In a real browser, through the harness: the page sees only the contract's channels on
// window.cardDesk, no Node or Electron objects, and cannot read an API key in any way.
import { describe, expect, it } from 'vitest';
import { CHANNEL_NAMES } from '../../src-shared/ipc/names';
import { appWithSandbox } from './shared-app';

const app = appWithSandbox({ seed: 7, customers: 300 });

describe('window.cardDesk in the page', () => {
  it('has exactly the contract channels grouped by domain, plus events.on', async () => {
    const names = await app.e2e.page.evaluate(() =>
      Object.entries(window.cardDesk as unknown as Record<string, Record<string, unknown>>).flatMap(([d, g]) =>
        Object.keys(g).map((m) => `${d}.${m}`),
      ),
    );
    expect(names.sort()).toEqual([...CHANNEL_NAMES, 'events.on'].sort());
  });

  it('exposes no Node or Electron objects to the page', async () => {
    const globals = await app.e2e.page.evaluate(() => {
      const w = window as unknown as Record<string, unknown>;
      return ['require', 'process', 'module', 'ipcRenderer', 'electron', 'Buffer', 'global'].filter((k) => k in w);
    });
    expect(globals).toEqual([]);
  });

  it('offers no channel that returns a key, and a made-up one is refused', async () => {
    expect(CHANNEL_NAMES.filter((c) => /key/i.test(c))).toEqual(['keys.set', 'keys.has', 'keys.delete']);
    // A call as the bridge sends it, on a socket of the page's own: the same door, without the bridge's names.
    const refused = await app.e2e.page.evaluate(async () => {
      const token = new URLSearchParams(location.search).get('token') ?? '';
      const socket = new WebSocket(`/__harness/socket?token=${encodeURIComponent(token)}`);
      await new Promise((resolve) => socket.addEventListener('open', resolve, { once: true }));
      const answer = new Promise<unknown>((resolve) =>
        socket.addEventListener('message', (e) => resolve(JSON.parse(e.data as string)), { once: true }),
      );
      socket.send(JSON.stringify({ id: 1, channel: 'keys.get', input: { environmentId: 'local-sandbox' } }));
      const message = await answer;
      socket.close();
      return message;
    });
    expect(refused).toMatchObject({ id: 1, result: { ok: false, error: { kind: 'forbidden' } } });
  });

  it('refuses a socket without the harness token', async () => {
    const outcome = await app.e2e.page.evaluate(
      () =>
        new Promise<string>((resolve) => {
          const socket = new WebSocket('/__harness/socket');
          socket.addEventListener('open', () => resolve('opened'));
          socket.addEventListener('close', (e) => resolve(`closed ${e.code}`));
        }),
    );
    expect(outcome).toBe('closed 1006');
    // The browser reports the refused handshake on the console; that is expected here.
    await expect.poll(() => app.e2e.problems.filter((p) => p.includes('403')).length).toBeGreaterThan(0);
    app.e2e.problems.splice(0, app.e2e.problems.length, ...app.e2e.problems.filter((p) => !p.includes('403')));
  });

  it('the page cannot call the API itself: connect-src blocks any other origin', async () => {
    const sandboxUrl = app.e2e.harness.core.localSandbox()?.url ?? 'http://127.0.0.1:9';
    const outcome = await app.e2e.page.evaluate(async (url) => {
      try {
        await fetch(`${url}/customers`);
        return 'fetched';
      } catch {
        return 'blocked';
      }
    }, sandboxUrl);
    expect(outcome).toBe('blocked');
    // The blocked fetch is reported as a CSP violation, which is the point here.
    // Reported twice: the page's violation event and the browser's own console line.
    await expect.poll(() => app.e2e.problems.filter((p) => p.includes('CSP violation')).length).toBeGreaterThan(0);
    await expect.poll(() => app.e2e.problems.filter((p) => p.includes('Refused to connect')).length).toBeGreaterThan(0);
    await expect
      .poll(() => app.e2e.problems.filter((p) => p.includes(`Connecting to '${sandboxUrl}/customers'`)).length)
      .toBeGreaterThan(0);
    // The page's violation events are tasks of their own and may be told after the browser's lines: a marker
    // logged on a later task arrives after every one of them (console messages keep their order).
    const marker = `end of the blocked fetch to ${sandboxUrl}`;
    await app.e2e.page.evaluate(async (text) => {
      await new Promise((resolve) => setTimeout(resolve, 0));
      console.error(text);
    }, marker);
    await expect.poll(() => app.e2e.problems.some((p) => p.includes(marker))).toBe(true);
    // Only the lines about this blocked fetch go; anything else stays to fail the test.
    const others = app.e2e.problems.filter((p) => !p.includes(sandboxUrl));
    app.e2e.problems.splice(0, app.e2e.problems.length, ...others);
  });

  it('app.status answers through the bridge', async () => {
    const r = await app.e2e.page.evaluate(() => window.cardDesk.app.status());
    expect(r).toMatchObject({ ok: true, data: { environment: { id: 'local-sandbox', builtIn: true } } });
    expect(app.e2e.problems).toEqual([]);
  });
});
