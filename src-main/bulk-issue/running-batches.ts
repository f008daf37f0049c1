// The batches being sent: each one's run (batch-runner.ts), started with background work held, and
// ended by settling its rows: a paused batch keeps its rows as they are; a finished or cancelled one has
// its unknown rows reconciled (issued, not issued, or still unknown with the evidence) and its state set.
import type { ActiveEnvironment } from '../environments/environment-manager';
import { errorMessage } from '../errors/error-message';
import type { IssuingService } from '../issuing/issuing-service';
import type { Journal } from '../journal/journal';
import type { Logger } from '../ports/ports';
import { settleAbsentRows } from './absence';
import { BatchRun, type RunEnd } from './batch-runner';
import type { BatchStore, StoredBatch } from './batch-store';
import { settleUnknownRows } from './settle';

/** What running batches need of the app: the bulk service's dependencies, as far as they send. */
export interface RunDeps {
  getActive: () => Promise<ActiveEnvironment>;
  getJournal: () => Promise<Journal>;
  issuing: Pick<IssuingService, 'createCard' | 'reconcile' | 'reconcileAccounts'>;
  logger?: Logger;
  /** Rows sent at once (default 2). */
  concurrency?: number;
}

/** A batch being sent. */
export interface Running {
  run: BatchRun;
  startedAt: number;
  environmentId: string;
  /** Settles once the run has stopped and its rows are settled. */
  done: Promise<void>;
}

export class RunningBatches {
  private readonly running = new Map<string, Running>();

  constructor(
    private readonly deps: RunDeps,
    private readonly store: BatchStore,
    private readonly now: () => Date,
  ) {}

  get(batchId: string): Running | undefined {
    return this.running.get(batchId);
  }

  /** Whether a batch of this environment is being sent (one at a time per environment). */
  anyIn(environmentId: string): boolean {
    return [...this.running.values()].some((r) => r.environmentId === environmentId);
  }

  /** Sends the batch's rows not sent yet, holding the environment's background work meanwhile. */
  async launch(batch: StoredBatch, active: ActiveEnvironment): Promise<void> {
    const { deps, store } = this;
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
        await this.finish(batch.id, batch.environmentId, end);
      })
      .catch((e: unknown) => {
        release();
        deps.logger?.error({ batchId: batch.id, error: errorMessage(e) }, 'batch stopped by an error');
        store.setState(batch.id, 'paused', `The batch stopped: ${errorMessage(e)}. Resume to go on.`);
      })
      .finally(() => this.running.delete(batch.id));
    this.running.set(batch.id, entry);
  }

  /** Reconciles the batch's unknown rows: the journal's looks, then the absence of its cards (absence.ts). */
  async settleRows(batchId: string, environmentId: string): Promise<void> {
    const { deps, store } = this;
    const journal = await deps.getJournal();
    try {
      await deps.issuing.reconcile();
      await deps.issuing.reconcileAccounts({ force: true });
    } catch (e) {
      deps.logger?.warn({ batchId, error: errorMessage(e) }, 'reconciling a batch failed');
    }
    settleUnknownRows(store, journal, batchId, environmentId);
    try {
      await settleAbsentRows({ store, journal, api: (await deps.getActive()).api, batchId, now: this.now });
    } catch (e) {
      deps.logger?.warn({ batchId, error: errorMessage(e) }, 'looking for cards not issued failed');
    }
  }

  /** Waits for a running batch to stop. */
  async idle(batchId: string): Promise<void> {
    await this.running.get(batchId)?.done;
  }

  /** Pauses every running batch and waits for them to stop (shutdown). */
  async pauseAll(): Promise<void> {
    for (const r of this.running.values()) r.run.requestStop('pause');
    await Promise.all([...this.running.values()].map((r) => r.done));
  }

  private async finish(batchId: string, environmentId: string, end: RunEnd): Promise<void> {
    if (end.kind === 'paused') {
      this.store.setState(batchId, 'paused', end.message);
      return;
    }
    await this.settleRows(batchId, environmentId);
    this.store.setState(batchId, end.kind === 'cancelled' ? 'cancelled' : 'done');
    this.deps.logger?.info({ batchId, end: end.kind }, 'batch ended');
  }
}
