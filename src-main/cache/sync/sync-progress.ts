// Progress of one sync as `customers.syncProgress` events: rate and ETA from this run's pace, at most
// one paging event per interval (the window needs no more than ~10 a second), phase changes always.
import type { SyncProgress } from '../../../src-shared/ipc/channels/customers';

type Phase = SyncProgress['phase'];
const RUNNING = new Set<Phase>(['starting', 'paging', 'pruning']);

export interface ProgressCounts {
  pagesDone: number;
  totalPages: number | null;
  customers: number;
}

export class SyncProgressReporter {
  private readonly startedAt: number;
  private lastEmitAt = -Infinity;
  private base: ProgressCounts | null = null;
  private latest: SyncProgress;
  private waitingUntil: number | null = null;
  /** What the last event adds to its message (customers read tolerantly), and their count. */
  private summary: (() => { text: string; unreadable: number } | null) | null = null;
  /** How long the remaining pages take under the rate limit (waits included), when it is the bottleneck. */
  private limitedEta: ((remainingPages: number) => number | null) | null = null;

  constructor(
    private readonly environmentId: string,
    private readonly send: (progress: SyncProgress) => void,
    private readonly intervalMs = 100,
    private readonly clock: () => number = () => performance.now(),
  ) {
    this.startedAt = clock();
    this.latest = this.build('starting', { pagesDone: 0, totalPages: null, customers: 0 });
  }

  /** The counts a resumed sync starts from, so its rate counts only this run's work. */
  resumeFrom(counts: ProgressCounts): void {
    this.base = { ...counts };
  }

  /** The estimate the rate limit gives; the ETA is never shorter than it. */
  useRateEstimate(estimate: (remainingPages: number) => number | null): void {
    this.limitedEta = estimate;
  }

  /** The sync waits for the rate limit until `resumesAt` (null: it goes on): said at once. */
  waiting(resumesAt: number | null): void {
    this.waitingUntil = resumesAt;
    if (!RUNNING.has(this.latest.phase)) return;
    const counts = {
      pagesDone: this.latest.pagesDone,
      totalPages: this.latest.totalPages,
      customers: this.latest.customers,
    };
    this.latest = this.build(this.latest.phase, counts);
    this.lastEmitAt = this.clock();
    this.send(this.latest);
  }

  private build(phase: Phase, counts: ProgressCounts, message?: string): SyncProgress {
    const elapsedS = Math.max((this.clock() - this.startedAt) / 1000, 1e-3);
    const base = this.base ?? { pagesDone: 0, totalPages: null, customers: 0 };
    const customersThisRun = Math.max(0, counts.customers - base.customers);
    const pagesThisRun = Math.max(0, counts.pagesDone - base.pagesDone);
    const remainingPages = counts.totalPages === null ? null : Math.max(0, counts.totalPages - counts.pagesDone);
    const paced =
      remainingPages === null
        ? null
        : remainingPages === 0
          ? 0
          : pagesThisRun > 0
            ? Math.round((remainingPages * elapsedS * 1000) / pagesThisRun)
            : null;
    const limited = remainingPages ? (this.limitedEta?.(remainingPages) ?? null) : null;
    const etaMs = limited !== null && (paced === null || limited > paced) ? Math.round(limited) : paced;
    const waiting = this.waitingUntil !== null && RUNNING.has(phase) ? this.waitingUntil : null;
    return {
      environmentId: this.environmentId,
      phase,
      pagesDone: counts.pagesDone,
      totalPages: counts.totalPages,
      customers: counts.customers,
      ratePerSecond: Math.round(customersThisRun / elapsedS),
      etaMs,
      ...(message ? { message } : waiting !== null ? { message: 'Waiting for the rate limit' } : {}),
      ...(waiting !== null ? { waitingUntil: waiting } : {}),
    };
  }

  /** Records progress; sends it unless one was sent within the interval (phase changes always go). */
  update(phase: Phase, counts: ProgressCounts): SyncProgress {
    const phaseChanged = phase !== this.latest.phase;
    this.latest = this.build(phase, counts);
    const now = this.clock();
    if (phaseChanged || now - this.lastEmitAt >= this.intervalMs) {
      this.lastEmitAt = now;
      this.send(this.latest);
    }
    return this.latest;
  }

  /** Adds a sentence (and a count) to the last event's message, whatever the sync's outcome. */
  summarize(summary: () => { text: string; unreadable: number } | null): void {
    this.summary = summary;
  }

  /** The last event of a sync; always sent. */
  finish(phase: Phase, counts: ProgressCounts, message?: string): SyncProgress {
    const extra = this.summary?.() ?? null;
    const text = extra ? [message, extra.text].filter(Boolean).join(' ') : message;
    this.latest = {
      ...this.build(phase, counts, text),
      ...(extra && extra.unreadable > 0 ? { unreadable: extra.unreadable } : {}),
    };
    this.lastEmitAt = this.clock();
    this.send(this.latest);
    return this.latest;
  }

  get current(): SyncProgress {
    return this.latest;
  }
}
