// Sending a batch's rows: in file order, a few at a time, spread evenly over the rate limit's window
// (pacer.ts), each only once the rate budget has room for a batch's write (so no row waits for the budget
// with its journal entry written), through the issuing service's journaled write (journal first,
// fingerprint guard, never retried). Pause and Cancel stop before the next row; rows in flight are always
// waited for. A 429 (not processed) puts its row back; a lost connection, a refused key or journal pause
// the batch with the reason.
import type { Card } from '../../src-shared/api/records';
import type { CreateCardRequest } from '../../src-shared/api/requests';
import { inOperatorWords } from '../../src-shared/api/field-words';
import type { Result } from '../../src-shared/ipc/result';
import { inBulk } from '../api/call-priority';
import type { RateBudgetView } from '../api/types';
import type { Journal } from '../journal/journal';
import type { Logger } from '../ports/ports';
import type { BatchStore, RowSettlement, StoredRow } from './batch-store';
import { Pacer } from './pacer';
import { dayText } from '../../src-shared/api/day-text';

export interface RunnerDeps {
  createCard: (
    request: CreateCardRequest,
    options: { confirmRepeat: boolean; batch: { batchId: string; row: number } },
  ) => Promise<Result<Card>>;
  budget: RateBudgetView | undefined;
  journal: Journal;
  environmentId: string;
  store: BatchStore;
  logger?: Logger;
  /** Rows sent at once (default 2). */
  concurrency?: number;
  onChange: () => void;
}

export type RunEnd = { kind: 'finished' } | { kind: 'paused'; message: string | null } | { kind: 'cancelled' };

const MAX_RATE_LIMITED_TRIES = 5;
const PAUSING_KINDS = new Set(['network', 'unauthorized', 'forbidden', 'internal', 'timeout']);

/** Why the journal says a row must not be sent now, or null. */
export function journalGuard(journal: Journal, environmentId: string, row: StoredRow): string | null {
  if (!row.fingerprint || row.issueAgain) return null;
  const done = journal.recentSuccess(environmentId, row.fingerprint, '');
  if (done) return `Not sent: this card was issued already on ${dayText(done.at)} (card ${done.resultId}).`;
  const unknown = journal.blockingUnknown(environmentId, row.fingerprint);
  if (unknown)
    return `Not sent: an identical request sent on ${dayText(unknown.at)} has an unknown outcome. Check the Journal.`;
  return null;
}

export class BatchRun {
  private readonly stop = new AbortController();
  private stopping: 'pause' | 'cancel' | null = null;
  private pauseMessage: string | null = null;
  private readonly tries = new Map<number, number>();
  readonly inFlight = new Set<number>();
  /** When each row was answered (for the rate). */
  readonly answeredAt: number[] = [];
  waitingSince: number | null = null;
  private readonly pacer: Pacer;

  constructor(
    private readonly deps: RunnerDeps,
    private readonly batchId: string,
    private readonly queue: StoredRow[],
  ) {
    this.pacer = new Pacer(deps.budget);
  }

  get left(): number {
    return this.queue.length + this.inFlight.size;
  }

  requestStop(kind: 'pause' | 'cancel', message: string | null = null): void {
    if (this.stopping === 'cancel') return;
    this.stopping = kind;
    if (message) this.pauseMessage = message;
    this.stop.abort();
  }

  async run(): Promise<RunEnd> {
    const workers = Array.from({ length: Math.max(1, this.deps.concurrency ?? 2) }, () => this.worker());
    await Promise.all(workers);
    if (this.stopping === 'cancel') return { kind: 'cancelled' };
    if (this.stopping === 'pause') return { kind: 'paused', message: this.pauseMessage };
    return { kind: 'finished' };
  }

  private settle(row: StoredRow, s: Partial<RowSettlement>): void {
    this.deps.store.settleRow(this.batchId, row.row, {
      outcome: s.outcome ?? null,
      cardId: s.cardId ?? null,
      maskedPan: s.maskedPan ?? null,
      error: s.error ?? null,
      journalEntryId: s.journalEntryId ?? null,
    });
    this.answeredAt.push(Date.now());
    this.deps.onChange();
  }

  private async worker(): Promise<void> {
    const { deps } = this;
    while (!this.stopping) {
      const row = this.queue.shift();
      if (!row) return;
      if (!(await this.pacer.wait(this.stop.signal)) || this.stopping) {
        this.queue.unshift(row);
        return;
      }
      if (deps.budget) {
        this.waitingSince ??= Date.now();
        const room = await deps.budget.whenRoom('bulk', this.stop.signal);
        this.waitingSince = null;
        if (!room || this.stopping) {
          this.queue.unshift(row);
          return;
        }
      }
      const refused = journalGuard(deps.journal, deps.environmentId, row);
      if (refused) {
        this.settle(row, { outcome: 'not_sent', error: refused });
        continue;
      }
      this.inFlight.add(row.row);
      deps.onChange();
      let result: Result<Card>;
      try {
        result = await inBulk(() =>
          deps.createCard(row.request as CreateCardRequest, {
            confirmRepeat: row.issueAgain,
            batch: { batchId: this.batchId, row: row.row },
          }),
        );
      } finally {
        this.inFlight.delete(row.row);
      }
      this.handle(row, result);
    }
  }

  private handle(row: StoredRow, result: Result<Card>): void {
    const { deps } = this;
    if (result.ok) {
      // By the row's own index, not by the card id (a scan of the environment's entries per row).
      const entry = deps.journal.latestOfBatchRow(this.batchId, row.row);
      this.settle(row, {
        outcome: 'issued',
        cardId: result.data._id,
        maskedPan: result.data.maskedPan ?? null,
        journalEntryId: entry?.id ?? null,
      });
      return;
    }
    const { kind, message, field, journalEntryId } = result.error;
    if (kind === 'outcome_unknown') {
      this.settle(row, { outcome: 'unknown', error: message, journalEntryId: journalEntryId ?? null });
      return;
    }
    if (kind === 'rate_limited' || kind === 'cancelled') {
      // Not processed by the service: the row goes back, first in line.
      const tries = (this.tries.get(row.row) ?? 0) + 1;
      this.tries.set(row.row, tries);
      if (kind === 'cancelled' || tries < MAX_RATE_LIMITED_TRIES) {
        this.queue.unshift(row);
        return;
      }
    }
    if (PAUSING_KINDS.has(kind)) {
      this.queue.unshift(row);
      deps.logger?.warn({ batchId: this.batchId, row: row.row, kind }, 'batch paused by a failure');
      this.requestStop('pause', `Paused at row ${row.row}: ${message} Resume when it is mended; no row was lost.`);
      return;
    }
    if (kind === 'conflict') {
      this.settle(row, { outcome: 'not_sent', error: `Not sent: ${message}`, journalEntryId: journalEntryId ?? null });
      return;
    }
    this.settle(row, {
      outcome: 'failed',
      error: inOperatorWords(field, message),
      journalEntryId: journalEntryId ?? null,
    });
  }
}
