// Which sync to run: an incremental re-sync when the list's shape is known and no full sweep is due,
// the resumption of whichever sync was interrupted, or a full sweep, which learns the shape again.
// A full sweep runs on demand, on its schedule (`fullSweepHours`, default daily) to catch edits and
// deletions an incremental re-sync cannot see, and whenever a re-sync cannot prove what changed.
import type { Logger } from '../../ports/ports';
import { PAGE_SIZE } from './customer-page';
import { type IncrementalStorePort, runIncremental } from './incremental-sync';
import { type ListShape, type PageFacts, pageFacts, shapeAfterSweep } from './list-shape';
import { runSync, type SyncOutcome, type SyncRun, type SyncStorePort } from './sync-runner';
import { errorMessage } from '../../errors/error-message';

export interface ResyncStorePort extends SyncStorePort, IncrementalStorePort {
  listShape(): Promise<{ shape: ListShape | null; fullSweepHours: number }>;
}

export interface ResyncRun extends Omit<SyncRun, 'store' | 'observePage'> {
  store: ResyncStorePort;
  logger?: Logger;
}

const HOUR_MS = 3_600_000;

export async function runResync(run: ResyncRun): Promise<SyncOutcome> {
  const { shape, fullSweepHours } = await run.store.listShape();
  const state = await run.store.syncState();
  const lastSweep = shape?.lastFullSweepAt ? Date.parse(shape.lastFullSweepAt) : NaN;
  const sweepDue = !(run.now().getTime() - lastSweep < fullSweepHours * HOUR_MS);
  const resumingIncremental = !!shape?.pending && state.nextPage !== null;
  if (!run.full && shape && (resumingIncremental || (state.nextPage === null && !sweepDue && !shape.pending))) {
    const result = await runIncremental({ ...run, shape, state });
    if ('outcome' in result) return result.outcome;
    run.logger?.info({ reason: result.fullSweep }, 'customer re-sync falls back to a full sweep');
    return fullSweep(run, shape, true);
  }
  // An interrupted full sweep resumes; otherwise a sweep starts from page 0.
  return fullSweep(run, shape, run.full || state.nextPage === null);
}

async function fullSweep(run: ResyncRun, shape: ListShape | null, fromStart: boolean): Promise<SyncOutcome> {
  let head: PageFacts | null = fromStart ? null : (shape?.sweepHead ?? null);
  let tail: PageFacts | null = null;
  const writes: Promise<void>[] = [];
  // The shape only saves requests later: failing to record it never fails the sweep (the next one learns it).
  const forgetShape = (e: unknown) =>
    run.logger?.warn({ error: errorMessage(e) }, 'could not record the customer list shape');
  const lastPage = () => (head?.total ? Math.ceil(head.total / PAGE_SIZE) - 1 : null);
  const observePage = (page: number, body: Uint8Array, etag?: string) => {
    if (page !== 0 && page !== lastPage()) return;
    const facts = pageFacts(page, body, etag);
    if (page === lastPage()) tail = facts;
    if (page !== 0) return;
    head = facts;
    if (page === lastPage()) tail = facts;
    // Kept until the sweep completes, so a resumed sweep still learns the list's shape.
    const during: ListShape = {
      order: null,
      total: 0,
      pageSize: PAGE_SIZE,
      head: [],
      tailPage: 0,
      tail: [],
      etag: null,
      lastFullSweepAt: shape?.lastFullSweepAt ?? null,
      sweepHead: facts,
    };
    writes.push(run.store.setListShape(during).catch(forgetShape));
  };
  const outcome = await runSync({ ...run, full: fromStart, observePage });
  await Promise.all(writes);
  if (outcome.progress.phase === 'done') {
    const learned = shapeAfterSweep(head, tail, outcome.progress.customers, PAGE_SIZE, run.now().toISOString());
    await run.store.setListShape(learned).catch(forgetShape);
  }
  return outcome;
}
