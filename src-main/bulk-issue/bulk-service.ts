// Issue from a file: preview a CSV into a batch, send it (pause, resume, cancel), show its progress and
// results, and after the app was stopped mid-batch show it as interrupted, settle the rows that were in
// flight from the journal and by reconciliation (issued, not issued, or still unknown with the evidence), and resume from the first row not sent on the
// operator's word. One batch runs at a time per environment; background work waits while it does.
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { BatchPreview, BatchStatus, BulkColumn } from '../../src-shared/ipc/channels/bulk-issue';
import { err, ok, type Result } from '../../src-shared/ipc/result';
import type { IssuingService } from '../issuing/issuing-service';
import type { Journal } from '../journal/journal';
import type { Logger } from '../ports/ports';
import type { ActiveEnvironment } from '../environments/environment-manager';
import { errorMessage } from '../errors/error-message';
import { BATCH_FILE, openBatchStore, type BatchStore, type StoredBatch } from './batch-store';
import { BatchRun, type RunEnd } from './batch-runner';
import { accountPlaces } from './accounts';
import type { CustomerLookup } from './customer-match';
import { checkFile } from './preview';
import { etaMsOf, perMinuteOf, waitingUntilOf } from './progress';
import { settleFromJournal, settleUnknownRows } from './settle';
import { settleAbsentRows } from './absence';
import { openInputSeal, type InputSeal } from './input-seal';
import type { SecretStore } from '../keychain/secret-store';

export interface BulkIssueDeps {
  dataDir: string;
  getActive: () => Promise<ActiveEnvironment>;
  getJournal: () => Promise<Journal>;
  getCustomers: () => Promise<CustomerLookup>;
  issuing: Pick<IssuingService, 'createCard' | 'reconcile' | 'reconcileAccounts'>;
  logger?: Logger;
  /** Rows sent at once (default 2). */
  concurrency?: number;
  now?: () => Date;
  /** Where the key of the files' sealed cells is kept (input-seal.ts); a session key without it. */
  secrets?: SecretStore;
  /** Shows (`on`) or withdraws a notice in the app's status bar. */
  notice?: (text: string, on: boolean) => void;
}

interface Running {
  run: BatchRun;
  startedAt: number;
  environmentId: string;
  done: Promise<void>;
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
  start(input: { batchId: string; cards?: number; issueAgainRows?: number[] }): Promise<Result<BatchStatus>>;
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
  const running = new Map<string, Running>();
  let sealOpened: Promise<InputSeal> | null = null;
  const inputSeal = () => (sealOpened ??= openInputSeal(deps.secrets, deps.logger));

  async function own(batchId: string): Promise<Result<StoredBatch>> {
    const active = await deps.getActive();
    const batch = store.get(batchId);
    if (!batch || batch.environmentId !== active.environment.id) {
      return err('not_found', `There is no batch ${batchId} in this environment.`, { field: 'batchId' });
    }
    return ok(batch);
  }

  function statusOf(batch: StoredBatch, active?: ActiveEnvironment): BatchStatus {
    const counts = store.counts(batch.id);
    const r = running.get(batch.id);
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

  async function reconcileRows(batchId: string, environmentId: string): Promise<void> {
    const journal = await deps.getJournal();
    try {
      await deps.issuing.reconcile();
      await deps.issuing.reconcileAccounts({ force: true });
    } catch (e) {
      deps.logger?.warn({ batchId, error: errorMessage(e) }, 'reconciling a batch failed');
    }
    settleUnknownRows(store, journal, batchId, environmentId);
    try {
      await settleAbsentRows({ store, journal, api: (await deps.getActive()).api, batchId, now });
    } catch (e) {
      deps.logger?.warn({ batchId, error: errorMessage(e) }, 'looking for cards not issued failed');
    }
  }

  async function finish(batchId: string, environmentId: string, end: RunEnd): Promise<void> {
    if (end.kind === 'paused') {
      store.setState(batchId, 'paused', end.message);
      return;
    }
    await reconcileRows(batchId, environmentId);
    store.setState(batchId, end.kind === 'cancelled' ? 'cancelled' : 'done');
    deps.logger?.info({ batchId, end: end.kind }, 'batch ended');
  }

  async function launch(batch: StoredBatch, active: ActiveEnvironment): Promise<void> {
    const journal = await deps.getJournal();
    const queue = store.rows(batch.id).filter((r) => r.toSend && r.outcome === null && r.request);
    const release = active.api.budget?.holdBackground() ?? (() => undefined);
    const run = new BatchRun(
      {
        createCard: (request, options) => deps.issuing.createCard(request, options),
        budget: active.api.budget,
        journal,
        environmentId: batch.environmentId,
        store,
        ...(deps.logger ? { logger: deps.logger } : {}),
        concurrency: deps.concurrency ?? 2,
        onChange: () => undefined,
      },
      batch.id,
      queue,
    );
    store.setState(batch.id, 'running');
    const entry: Running = {
      run,
      startedAt: Date.now(),
      environmentId: batch.environmentId,
      done: Promise.resolve(),
    };
    entry.done = run
      .run()
      .then(async (end) => {
        release();
        await finish(batch.id, batch.environmentId, end);
      })
      .catch((e: unknown) => {
        release();
        deps.logger?.error({ batchId: batch.id, error: errorMessage(e) }, 'batch stopped by an error');
        store.setState(batch.id, 'paused', `The batch stopped: ${errorMessage(e)}. Resume to go on.`);
      })
      .finally(() => running.delete(batch.id));
    running.set(batch.id, entry);
  }

  const otherRunning = (environmentId: string) => [...running.values()].some((r) => r.environmentId === environmentId);

  return {
    store,
    inputSeal,

    async preview({ csv, fileName, columns = {} }) {
      const active = await deps.getActive();
      const environmentId = active.environment.id;
      const journal = await deps.getJournal();
      let lookup: CustomerLookup;
      try {
        lookup = await deps.getCustomers();
      } catch (e) {
        return err('internal', `The offline customer list could not be opened: ${errorMessage(e)}`);
      }
      const batchId = randomUUID();
      const seal = await inputSeal();
      const check = await checkFile(csv, columns, {
        lookup,
        journal,
        environmentId,
        accounts: () => accountPlaces(active.api),
        sealInput: (row, cells) => seal.seal(batchId, row, cells),
      });
      if (!check.ok) return err('validation', check.message, { field: check.field });
      const { checked } = check;
      store.create(
        {
          id: batchId,
          environmentId,
          createdAt: now().toISOString(),
          fileName: fileName ?? null,
          fileHash: checked.fileHash,
          state: 'ready',
          inputHeaders: checked.headers,
        },
        checked.stored,
      );
      const earlier = store.sameFile(environmentId, checked.fileHash, batchId).find((b) => b.state !== 'ready');
      return ok({
        batchId,
        counts: checked.counts,
        rows: checked.rows,
        columns: checked.columns,
        sameFileAs: earlier ? { batchId: earlier.id, createdAt: earlier.createdAt, state: earlier.state } : null,
      });
    },

    async start({ batchId, cards, issueAgainRows = [] }) {
      const owned = await own(batchId);
      if (!owned.ok) return owned;
      const batch = owned.data;
      const active = await deps.getActive();
      if (batch.state !== 'ready') {
        return err(
          'conflict',
          `This batch was started already (${batch.state}). Use Resume, or preview the file again.`,
        );
      }
      const rows = store.rows(batchId);
      const wrong = issueAgainRows.filter((n) => rows.find((r) => r.row === n)?.status !== 'already_issued');
      if (wrong.length > 0) {
        return err('validation', `Only rows already issued can be issued again; not row ${wrong.join(', ')}.`, {
          field: 'issueAgainRows',
        });
      }
      const toSend = rows.filter((r) => r.status === 'ready').length + new Set(issueAgainRows).size;
      if (cards !== undefined && cards !== toSend) {
        return err('validation', `The batch sends ${toSend} cards, not ${cards}. Type the number of cards to send.`, {
          field: 'cards',
        });
      }
      if (toSend === 0) return err('validation', 'No row of this batch is ready to send.', { field: 'batchId' });
      const sameFileOpen = store
        .sameFile(batch.environmentId, batch.fileHash, batchId)
        .find((b) => b.state === 'running' || b.state === 'paused' || b.state === 'interrupted');
      if (sameFileOpen) {
        return err(
          'conflict',
          `Another batch of the same file (started ${sameFileOpen.createdAt.slice(0, 16).replace('T', ' ')}) is ${sameFileOpen.state}. Finish or cancel it first.`,
        );
      }
      if (otherRunning(batch.environmentId))
        return err('conflict', 'Another batch is being sent. Wait for it, or pause it, first.');
      store.plan(batchId, issueAgainRows);
      await launch(store.get(batchId)!, active);
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
      if (running.has(batchId)) {
        const r = running.get(batchId)!;
        // Paused but its last rows still in flight: wait for them, then go on.
        await r.done;
      }
      const current = store.get(batchId)!;
      if (current.state !== 'paused' && current.state !== 'interrupted') {
        return err('conflict', `Only a paused or interrupted batch can be resumed; this one is ${batch.state}.`);
      }
      if (otherRunning(batch.environmentId))
        return err('conflict', 'Another batch is being sent. Wait for it, or pause it, first.');
      // Rows in flight when the app stopped: their journal entries say, reconciliation settles the unknown ones.
      settleFromJournal(store, await deps.getJournal(), batchId, batch.environmentId);
      await reconcileRows(batchId, batch.environmentId);
      await launch(store.get(batchId)!, active);
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
        await reconcileRows(batchId, owned.data.environmentId);
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

    async idle(batchId) {
      await running.get(batchId)?.done;
    },

    async dispose() {
      for (const r of running.values()) r.run.requestStop('pause');
      await Promise.all([...running.values()].map((r) => r.done));
      store.close();
    },
  };
}
