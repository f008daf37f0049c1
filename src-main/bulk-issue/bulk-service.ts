// Issue from a file: preview a CSV into a batch, send it (pause, resume, cancel), show its progress and
// results, and after the app was stopped mid-batch show it as interrupted, settle the rows that were in
// flight from the journal and by reconciliation (issued, not issued, or still unknown with the evidence), and resume from the first row not sent on the
// operator's word. One batch runs at a time per environment; background work waits while it does.
// The service answers the channels; a new batch is create-batch.ts, the start's checks start-check.ts,
// the batches being sent running-batches.ts, a batch's status batch-status.ts, and its hold on the environment
// it started in batch-environment.ts.
import { join } from 'node:path';
import type { BatchPreview, BatchStatus, BulkColumn } from '../../src-shared/ipc/channels/bulk-issue';
import { err, ok, type Result } from '../../src-shared/ipc/result';
import type { IssuingService } from '../issuing/issuing-service';
import type { Journal } from '../journal/journal';
import type { Logger } from '../ports/ports';
import type { ActiveEnvironment, EnvironmentSwitch } from '../environments/environment-manager';
import { batchDestination, movedRefusal, switchRefusal } from './batch-environment';
import { BATCH_FILE, openBatchStore, type BatchStore, type StoredBatch } from './batch-store';
import { batchStatus } from './batch-status';
import { createBatch } from './create-batch';
import type { CustomerLookup } from './customer-match';
import { RunningBatches } from './running-batches';
import { settleFromJournal } from './settle';
import { startRefusal } from './start-check';
import { openInputSeal, type InputSeal } from './input-seal';
import { DEFAULT_CACHE_RETENTION_DAYS } from '../cache/store/retention';
import type { SecretStore } from '../keychain/secret-store';

export interface BulkIssueDeps {
  dataDir: string;
  getActive: () => Promise<ActiveEnvironment>;
  getJournal: () => Promise<Journal>;
  getCustomers: () => Promise<CustomerLookup>;
  issuing: Pick<IssuingService, 'createCard' | 'reconcile' | 'reconcileAccounts' | 'writesRefusal'>;
  logger?: Logger;
  /** Rows sent at once (default 2). */
  concurrency?: number;
  now?: () => Date;
  /** Where the key of the files' sealed cells is kept (input-seal.ts); a session key without it. */
  secrets?: SecretStore;
  /** Shows (`on`) or withdraws a notice in the app's status bar. */
  notice?: (text: string, on: boolean) => void;
  /** Days after a batch ended that its file's own cells are kept (the cache retention: policy, default 30). */
  retentionDays?: number;
}

export const INTERRUPTED_NOTICE =
  'Card Desk stopped while cards were being issued from a file. Open Issue from a file to resume the batch.';

export const INTERRUPTED =
  'Card Desk stopped while this batch was being sent. Resume to settle the rows that were in flight and send the rows not sent yet.';

export interface BulkIssueService {
  preview(input: {
    csv: string;
    fileName?: string;
    columns?: Record<string, BulkColumn | null>;
  }): Promise<Result<BatchPreview>>;
  /** Refused unless `cards`, the number the operator typed, is the number of rows the batch sends. */
  start(input: { batchId: string; cards: number; issueAgainRows?: number[] }): Promise<Result<BatchStatus>>;
  pause(batchId: string): Promise<Result<BatchStatus>>;
  resume(batchId: string): Promise<Result<BatchStatus>>;
  cancel(batchId: string): Promise<Result<BatchStatus>>;
  status(batchId: string): Promise<Result<BatchStatus>>;
  list(): Promise<Result<BatchStatus[]>>;
  /** The batch's store and environment check, for results. */
  batch(batchId: string): Promise<Result<StoredBatch>>;
  readonly store: BatchStore;
  /** Opens the file's own cells of a batch's rows, for the results CSV. */
  inputSeal(): Promise<InputSeal>;
  /** Why `change` of environment is refused while a batch is open (batch-environment.ts), or null. */
  switchRefusal(change: EnvironmentSwitch, nameOf: (id: string) => string): string | null;
  /** Waits for a running batch to stop (tests, shutdown). */
  idle(batchId: string): Promise<void>;
  dispose(): Promise<void>;
}

export function createBulkIssueService(deps: BulkIssueDeps): BulkIssueService {
  const now = deps.now ?? (() => new Date());
  const store = openBatchStore(join(deps.dataDir, BATCH_FILE), now);
  // Whatever was running when the app stopped is interrupted; week-old previews never started are forgotten.
  if (store.interruptRunning(INTERRUPTED) > 0 || store.countIn('interrupted') > 0)
    deps.notice?.(INTERRUPTED_NOTICE, true);
  /** The notice goes once no batch is left interrupted. */
  const noticeSettled = () => {
    if (store.countIn('interrupted') === 0) deps.notice?.(INTERRUPTED_NOTICE, false);
  };
  store.pruneUnstarted(new Date(now().getTime() - 7 * 86_400_000).toISOString());
  const retention = deps.retentionDays ?? DEFAULT_CACHE_RETENTION_DAYS;
  const forgotten = store.forgetInputsBefore(new Date(now().getTime() - retention * 86_400_000).toISOString());
  if (forgotten > 0)
    deps.logger?.info(
      { batches: forgotten, days: retention },
      "batches' file cells deleted after the retention period",
    );
  const running = new RunningBatches(deps, store, now);
  let sealOpened: Promise<InputSeal> | null = null;
  const inputSeal = () => (sealOpened ??= openInputSeal(deps.secrets, deps.logger));
  const statusOf = (batch: StoredBatch, active?: ActiveEnvironment) =>
    batchStatus(store, batch, running.get(batch.id), active);
  const anotherRunning = () => err('conflict', 'Another batch is being sent. Wait for it, or pause it, first.');

  async function own(batchId: string): Promise<Result<StoredBatch>> {
    const active = await deps.getActive();
    const batch = store.get(batchId);
    if (!batch || batch.environmentId !== active.environment.id) {
      return err('not_found', `There is no batch ${batchId} in this environment.`, { field: 'batchId' });
    }
    return ok(batch);
  }

  return {
    store,
    inputSeal,

    preview: (input) => createBatch({ ...deps, store, inputSeal, now }, input),

    async start({ batchId, cards, issueAgainRows = [] }) {
      const owned = await own(batchId);
      if (!owned.ok) return owned;
      const batch = owned.data;
      const active = await deps.getActive();
      const refused = startRefusal(store, batch, { cards, issueAgainRows });
      if (refused) return refused;
      // No row goes while the team database that keeps desks from sending the same card cannot be asked.
      const teamRefusal = deps.issuing.writesRefusal(batch.environmentId, 'card');
      if (teamRefusal) return err('forbidden', teamRefusal);
      if (running.anyIn(batch.environmentId)) return anotherRunning();
      store.plan(batchId, issueAgainRows);
      store.pin(batchId, batchDestination(active));
      await running.launch(store.get(batchId)!, active);
      return ok(statusOf(store.get(batchId)!, active));
    },

    async pause(batchId) {
      const owned = await own(batchId);
      if (!owned.ok) return owned;
      const r = running.get(batchId);
      if (!r) return err('conflict', `This batch is not being sent (${owned.data.state}).`);
      r.run.requestStop('pause');
      store.setState(batchId, 'paused', null);
      return ok(statusOf(store.get(batchId)!, await deps.getActive()));
    },

    async resume(batchId) {
      const owned = await own(batchId);
      if (!owned.ok) return owned;
      const batch = owned.data;
      const active = await deps.getActive();
      // Paused but its last rows still in flight: wait for them, then go on.
      await running.idle(batchId);
      const current = store.get(batchId)!;
      if (current.state !== 'paused' && current.state !== 'interrupted') {
        return err('conflict', `Only a paused or interrupted batch can be resumed; this one is ${batch.state}.`);
      }
      if (running.anyIn(batch.environmentId)) return anotherRunning();
      const moved = movedRefusal(current, active);
      if (moved) return moved;
      // Rows in flight when the app stopped: their journal entries say, reconciliation settles the unknown ones.
      settleFromJournal(store, await deps.getJournal(), batchId, batch.environmentId);
      await running.settleRows(batchId, active);
      await running.launch(store.get(batchId)!, active);
      noticeSettled();
      return ok(statusOf(store.get(batchId)!, active));
    },

    async cancel(batchId) {
      const owned = await own(batchId);
      if (!owned.ok) return owned;
      const r = running.get(batchId);
      const state = owned.data.state;
      if (r) {
        r.run.requestStop('cancel');
        store.setState(batchId, 'cancelled');
      } else if (state === 'ready' || state === 'paused' || state === 'interrupted') {
        settleFromJournal(store, await deps.getJournal(), batchId, owned.data.environmentId);
        await running.settleRows(batchId, await deps.getActive());
        store.setState(batchId, 'cancelled');
        noticeSettled();
      } else return err('conflict', `This batch is ${state}: there is nothing to cancel.`);
      return ok(statusOf(store.get(batchId)!, await deps.getActive()));
    },

    async status(batchId) {
      const owned = await own(batchId);
      if (!owned.ok) return owned;
      return ok(statusOf(owned.data, await deps.getActive()));
    },

    async list() {
      const active = await deps.getActive();
      return ok(store.list(active.environment.id).map((b) => statusOf(b, active)));
    },

    batch: own,

    switchRefusal: (change, nameOf) => switchRefusal(store, change, nameOf),

    idle: (batchId) => running.idle(batchId),

    async dispose() {
      await running.pauseAll();
      store.close();
    },
  };
}
