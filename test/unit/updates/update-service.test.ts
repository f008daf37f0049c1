// When updates are looked for: at start and every 6 hours, never when IT switched them off or no feed is
// known; one check at a time; a ready update is kept, not fetched again. The feed in force: the policy's
// address and switch where set, else the one built in, and only over https:. Installing: once, however often
// restart is pressed; what the operator is told when no administrator approves, the step refuses, dpkg fails.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECK_INTERVAL_MS, createUpdateService } from '../../../src-main/updates/update-service';
import { updateFeed } from '../../../src-main/updates/update-policy';
import type { UpdateEngine } from '../../../src-main/updates/update-engine';
import { NO_UNSETTLED_WRITES } from '../../../src-main/updates/unsettled-writes';
import { UpdateInstallError } from '../../../src-main/updates/deb-root-step';

afterEach(() => vi.useRealTimers());

function scriptedEngine(offers: (string | null)[]): UpdateEngine & { checks: number; downloads: number } {
  const engine = {
    checks: 0,
    downloads: 0,
    check: async () => offers[engine.checks++] ?? null,
    download: async () => void engine.downloads++,
    install: async () => {},
  };
  return engine;
}

describe('the update feed in force', () => {
  it('is the built-in address unless the policy names another, and off when the policy says so', () => {
    expect(updateFeed('https://updates.example/cd', {}, { packaged: true })).toEqual({
      enabled: true,
      feedUrl: 'https://updates.example/cd',
    });
    expect(
      updateFeed('https://updates.example/cd', { feedUrl: 'https://it.bank.example/cd' }, { packaged: true }),
    ).toEqual({
      enabled: true,
      feedUrl: 'https://it.bank.example/cd',
    });
    expect(updateFeed('https://updates.example/cd', { enabled: false }, { packaged: true })).toMatchObject({
      enabled: false,
    });
    expect(updateFeed(null, {}, { packaged: true })).toEqual({ enabled: false, feedUrl: null });
  });

  it('is used only over https:; an http: feed on this computer only unpackaged (tests); else off, saying why', async () => {
    const notHttps = (url: string) =>
      `The update feed ${url} is not an https: address, so Card Desk does not look for updates.`;
    for (const url of ['http://updates.bank.example/cd', 'ftp://updates.bank.example/cd', 'file:///srv/cd']) {
      expect(updateFeed(null, { feedUrl: url }, { packaged: false })).toEqual({
        enabled: false,
        feedUrl: url,
        problem: notHttps(url),
      });
    }
    expect(updateFeed('http://127.0.0.1:8080/feed', {}, { packaged: true })).toMatchObject({
      enabled: false,
      problem: notHttps('http://127.0.0.1:8080/feed'),
    });
    expect(updateFeed('http://127.0.0.1:8080/feed', {}, { packaged: false })).toEqual({
      enabled: true,
      feedUrl: 'http://127.0.0.1:8080/feed',
    });
    const engine = scriptedEngine(['9.9.9']);
    const service = createUpdateService({
      engine,
      feed: updateFeed('http://updates.bank.example/cd', {}, { packaged: true }),
      unsettledWrites: () => NO_UNSETTLED_WRITES,
      now: () => new Date('2026-11-26T06:00:00Z'),
    });
    expect(service.status()).toEqual({
      state: 'failed',
      message: notHttps('http://updates.bank.example/cd'),
      at: '2026-11-26T06:00:00.000Z',
    });
    expect(await service.checkNow()).toMatchObject({ state: 'failed' });
    expect(engine.checks).toBe(0);
  });
});

describe('the update schedule', () => {
  it('checks at start and again every 6 hours', async () => {
    vi.useFakeTimers();
    const engine = scriptedEngine([null, null, null]);
    const service = createUpdateService({
      engine,
      feed: updateFeed('https://u.example', {}, { packaged: true }),
      unsettledWrites: () => NO_UNSETTLED_WRITES,
    });
    service.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(engine.checks).toBe(1);
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS - 1);
    expect(engine.checks).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(engine.checks).toBe(2);
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS);
    expect(engine.checks).toBe(3);
    service.stop();
  });

  it('never checks when updates are off', async () => {
    vi.useFakeTimers();
    const engine = scriptedEngine(['9.9.9']);
    const service = createUpdateService({
      engine,
      feed: updateFeed('https://u.example', { enabled: false }, { packaged: true }),
      unsettledWrites: () => NO_UNSETTLED_WRITES,
    });
    service.start();
    await vi.advanceTimersByTimeAsync(CHECK_INTERVAL_MS * 2);
    expect(engine.checks).toBe(0);
    expect(service.status()).toEqual({ state: 'off' });
    expect(await service.checkNow()).toEqual({ state: 'off' });
  });

  it('runs one check at a time, and keeps a ready update without checking again', async () => {
    const engine = scriptedEngine(['0.2.0', '0.3.0']);
    const service = createUpdateService({
      engine,
      feed: updateFeed('https://u.example', {}, { packaged: true }),
      unsettledWrites: () => NO_UNSETTLED_WRITES,
    });
    const [a, b] = await Promise.all([service.checkNow(), service.checkNow()]);
    expect(a).toEqual({ state: 'ready', version: '0.2.0' });
    expect(b).toBe(a);
    expect(await service.checkNow()).toEqual({ state: 'ready', version: '0.2.0' });
    expect([engine.checks, engine.downloads]).toEqual([1, 1]);
  });
});

describe('installing a ready update', () => {
  const ready = async (install: () => Promise<void>) => {
    const engine = { ...scriptedEngine(['0.2.0']), install };
    const service = createUpdateService({
      engine,
      feed: updateFeed('https://u.example', {}, { packaged: true }),
      unsettledWrites: () => NO_UNSETTLED_WRITES,
      now: () => new Date('2026-11-26T06:00:00Z'),
    });
    await service.checkNow();
    return service;
  };

  it('installs once however often restart is pressed', async () => {
    let installs = 0;
    const service = await ready(async () => void installs++);
    expect(await Promise.all([service.restart(), service.restart()])).toEqual([
      { restarting: true },
      { restarting: true },
    ]);
    expect(installs).toBe(1);
  });

  it('stays ready when no administrator approved, and says why', async () => {
    const service = await ready(() =>
      Promise.reject(new UpdateInstallError('not approved', 'No administrator approved the installation.')),
    );
    expect(await service.restart()).toEqual({
      restarting: false,
      reason: 'The update was not installed: No administrator approved the installation.',
    });
    expect(service.status()).toEqual({ state: 'ready', version: '0.2.0' });
  });

  it('is discarded when the install step refuses the file, and failed when dpkg fails, saying so', async () => {
    const refused = await ready(() =>
      Promise.reject(new UpdateInstallError('refused', 'the package is not the file that was signed')),
    );
    const said =
      'The update to Card Desk 0.2.0 was refused by the install step (the package is not the file that was signed), so it was discarded.';
    expect(await refused.restart()).toEqual({ restarting: false, reason: said });
    expect(refused.status()).toEqual({
      state: 'discarded',
      version: '0.2.0',
      message: said,
      at: '2026-11-26T06:00:00.000Z',
    });

    const failed = await ready(() =>
      Promise.reject(new UpdateInstallError('failed', 'dpkg could not install card-desk 0.2.0')),
    );
    const failure = 'The update to Card Desk 0.2.0 could not be installed: dpkg could not install card-desk 0.2.0';
    expect(await failed.restart()).toEqual({ restarting: false, reason: failure });
    expect(failed.status()).toEqual({ state: 'failed', message: failure, at: '2026-11-26T06:00:00.000Z' });
  });
});
