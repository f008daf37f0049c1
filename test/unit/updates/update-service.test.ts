// When updates are looked for: at start and every 6 hours, never when IT switched them off or no feed is
// known; one check at a time; a ready update is kept, not fetched again. The feed in force: the policy's
// address and switch where set, else the one built in.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHECK_INTERVAL_MS, createUpdateService } from '../../../src-main/updates/update-service';
import { updateFeed } from '../../../src-main/updates/update-policy';
import type { UpdateEngine } from '../../../src-main/updates/update-engine';
import { NO_UNSETTLED_WRITES } from '../../../src-main/updates/unsettled-writes';

afterEach(() => vi.useRealTimers());

function scriptedEngine(offers: (string | null)[]): UpdateEngine & { checks: number; downloads: number } {
  const engine = {
    checks: 0,
    downloads: 0,
    check: async () => offers[engine.checks++] ?? null,
    download: async () => void engine.downloads++,
    install: () => {},
  };
  return engine;
}

describe('the update feed in force', () => {
  it('is the built-in address unless the policy names another, and off when the policy says so', () => {
    expect(updateFeed('https://updates.example/cd')).toEqual({ enabled: true, feedUrl: 'https://updates.example/cd' });
    expect(updateFeed('https://updates.example/cd', { feedUrl: 'https://it.bank.example/cd' })).toEqual({
      enabled: true,
      feedUrl: 'https://it.bank.example/cd',
    });
    expect(updateFeed('https://updates.example/cd', { enabled: false })).toMatchObject({ enabled: false });
    expect(updateFeed(null)).toEqual({ enabled: false, feedUrl: null });
  });
});

describe('the update schedule', () => {
  it('checks at start and again every 6 hours', async () => {
    vi.useFakeTimers();
    const engine = scriptedEngine([null, null, null]);
    const service = createUpdateService({
      engine,
      feed: updateFeed('https://u.example'),
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
      feed: updateFeed('https://u.example', { enabled: false }),
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
      feed: updateFeed('https://u.example'),
      unsettledWrites: () => NO_UNSETTLED_WRITES,
    });
    const [a, b] = await Promise.all([service.checkNow(), service.checkNow()]);
    expect(a).toEqual({ state: 'ready', version: '0.2.0' });
    expect(b).toBe(a);
    expect(await service.checkNow()).toEqual({ state: 'ready', version: '0.2.0' });
    expect([engine.checks, engine.downloads]).toEqual([1, 1]);
  });
});
