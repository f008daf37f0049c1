import { describe, expect, it } from 'vitest';
import type { SyncProgress } from '../../../src-shared/ipc/channels/customers';
import { syncProgressSchema } from '../../../src-shared/ipc/channels/customers';
import { SyncProgressReporter } from '../../../src-main/cache/sync/sync-progress';

function setup(intervalMs = 100) {
  let now = 0;
  const sent: SyncProgress[] = [];
  const reporter = new SyncProgressReporter(
    'env',
    (p) => sent.push(p),
    intervalMs,
    () => now,
  );
  return { reporter, sent, advance: (ms: number) => (now += ms) };
}

describe('SyncProgressReporter', () => {
  it('sends at most one paging event per interval, phase changes and the final event always', () => {
    const { reporter, sent, advance } = setup(100);
    reporter.update('starting', { pagesDone: 0, totalPages: null, customers: 0 });
    for (let page = 1; page <= 50; page++) {
      advance(10);
      reporter.update('paging', { pagesDone: page, totalPages: 50, customers: page * 100 });
    }
    reporter.update('pruning', { pagesDone: 50, totalPages: 50, customers: 5000 });
    reporter.finish('done', { pagesDone: 50, totalPages: 50, customers: 5000 });
    // 500 ms of paging: the first paging event (phase change) and then one per 100 ms.
    expect(sent.map((p) => p.phase)).toEqual([
      'starting',
      'paging',
      'paging',
      'paging',
      'paging',
      'paging',
      'pruning',
      'done',
    ]);
    for (const p of sent) expect(syncProgressSchema.safeParse(p).success).toBe(true);
    expect(sent.at(-1)).toMatchObject({ pagesDone: 50, totalPages: 50, customers: 5000, etaMs: 0 });
  });

  it('computes the rate and ETA from this run only when resuming', () => {
    const { reporter, sent, advance } = setup(0);
    reporter.resumeFrom({ pagesDone: 40, totalPages: 100, customers: 4000 });
    advance(2000);
    reporter.update('paging', { pagesDone: 50, totalPages: 100, customers: 5000 });
    // 1,000 customers in 2 s; 10 pages in 2 s, 50 pages left.
    expect(sent.at(-1)).toMatchObject({ ratePerSecond: 500, etaMs: 10_000 });
  });

  it('has no ETA while the total is unknown or nothing was done yet', () => {
    const { reporter, sent } = setup(0);
    reporter.update('starting', { pagesDone: 0, totalPages: null, customers: 0 });
    reporter.update('paging', { pagesDone: 0, totalPages: 10, customers: 0 });
    expect(sent.map((p) => p.etaMs)).toEqual([null, null]);
  });

  it('says at once when the sync waits for the rate limit, with the count so far, and stops saying it', () => {
    const { reporter, sent, advance } = setup(100);
    reporter.update('paging', { pagesDone: 10, totalPages: 100, customers: 1_000 });
    advance(10);
    reporter.waiting(60_000);
    expect(sent.at(-1)).toMatchObject({
      phase: 'paging',
      pagesDone: 10,
      customers: 1_000,
      waitingUntil: 60_000,
      message: 'Waiting for the rate limit',
    });
    expect(syncProgressSchema.safeParse(sent.at(-1)).success).toBe(true);
    reporter.waiting(null);
    expect(sent.at(-1)!.waitingUntil).toBeUndefined();
    expect(sent.at(-1)!.message).toBeUndefined();
    reporter.waiting(90_000);
    reporter.finish('cancelled', { pagesDone: 10, totalPages: 100, customers: 1_000 }, 'Sync cancelled');
    expect(sent.at(-1)).toMatchObject({ phase: 'cancelled', message: 'Sync cancelled' });
    expect(sent.at(-1)!.waitingUntil).toBeUndefined();
  });

  it('never estimates less than the waits the rate limit imposes', () => {
    const { reporter, advance } = setup(100);
    reporter.update('starting', { pagesDone: 0, totalPages: null, customers: 0 });
    advance(1_000);
    // A fast first burst: 90 pages a second, 910 left, would say about 10 s.
    const paced = reporter.update('paging', { pagesDone: 90, totalPages: 1_000, customers: 9_000 });
    expect(paced.etaMs).toBeLessThan(11_000);
    reporter.useRateEstimate((pages) => (pages > 450 ? 60_000 * Math.ceil(pages / 540) : null));
    advance(1_000);
    const limited = reporter.update('paging', { pagesDone: 91, totalPages: 1_000, customers: 9_100 });
    expect(limited.etaMs).toBe(120_000);
  });
});
