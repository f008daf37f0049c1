// A batch's status as the page shows it: its state and counts, and while it is sent its pace, the time
// left (counting the rate limit's windows) and the reset it waits for (progress.ts).
import type { BatchStatus } from '../../src-shared/ipc/channels/bulk-issue';
import type { ActiveEnvironment } from '../environments/environment-manager';
import type { BatchStore, StoredBatch } from './batch-store';
import { etaMsOf, perMinuteOf, waitingUntilOf } from './progress';
import type { Running } from './running-batches';

/** The status of `batch`; `r` when it is being sent, `active` for the rate budget it is sent under. */
export function batchStatus(
  store: BatchStore,
  batch: StoredBatch,
  r: Running | undefined,
  active?: ActiveEnvironment,
): BatchStatus {
  const counts = store.counts(batch.id);
  const { issued, failed, unknown, notIssued } = counts;
  const at = Date.now();
  const budget = active?.api.budget;
  const perMinute = r ? perMinuteOf(r.run.answeredAt, r.startedAt, at) : null;
  return {
    batchId: batch.id,
    state: batch.state,
    fileName: batch.fileName,
    createdAt: batch.createdAt,
    total: counts.toSend,
    sent: issued + failed + unknown + notIssued + (r?.run.inFlight.size ?? 0),
    issued,
    failed,
    unknown,
    notIssued,
    perMinute,
    etaMs: r && batch.state === 'running' ? etaMsOf(r.run.left, perMinute, budget, at) : null,
    waitingUntil: r ? waitingUntilOf(budget, r.run.waitingSince, at) : null,
    message: batch.message,
  };
}
