// Progress of one export as `exports.progress` events: running updates at most once per interval (a
// fast export would otherwise flood the renderer), and always the final one.
import type { ExportProgress } from '../../src-shared/ipc/channels/exports';
import type { Emit } from '../ports/ports';

export interface ProgressReporter {
  running(
    state: Pick<ExportProgress, 'rows' | 'pagesDone' | 'totalPages'> &
      Partial<Pick<ExportProgress, 'readRows' | 'totalRows'>>,
  ): void;
  /** The export waits for the rate limit until `resumesAt` (null: it goes on): said at once. */
  waiting(resumesAt: number | null): void;
  finish(
    final: Omit<ExportProgress, 'exportId' | 'pagesDone' | 'rows' | 'totalPages'> &
      Partial<Pick<ExportProgress, 'rows' | 'pagesDone' | 'totalPages'>>,
  ): ExportProgress;
}

export function createProgressReporter(
  exportId: string,
  emit: Emit,
  intervalMs: number,
  now: () => number = Date.now,
): ProgressReporter {
  let last: ExportProgress = { exportId, phase: 'running', rows: 0, pagesDone: 0, totalPages: null, file: null };
  let lastSentAt = Number.NEGATIVE_INFINITY;
  return {
    waiting(resumesAt) {
      if (last.phase !== 'running') return;
      const { waitingUntil: _previous, message: _message, ...rest } = last;
      last = resumesAt === null ? rest : { ...rest, waitingUntil: resumesAt, message: 'Waiting for the rate limit' };
      lastSentAt = now();
      emit('exports.progress', last);
    },
    running(state) {
      last = { ...last, ...state };
      const t = now();
      if (t - lastSentAt < intervalMs) return;
      lastSentAt = t;
      emit('exports.progress', last);
    },
    finish(final) {
      const { waitingUntil, ...rest } = last;
      if (waitingUntil !== undefined) delete rest.message; // the wait's message, not the outcome's
      last = { ...rest, ...final };
      emit('exports.progress', last);
      return last;
    },
  };
}
