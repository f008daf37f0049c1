// Progress of one export as `exports.progress` events: running updates at most once per interval (a
// fast export would otherwise flood the renderer), and always the final one.
import type { ExportProgress } from '../../src-shared/ipc/channels/exports';
import type { Emit } from '../ports/ports';

export interface ProgressReporter {
  running(state: { rows: number; pagesDone: number; totalPages: number | null }): void;
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
    running(state) {
      last = { ...last, ...state };
      const t = now();
      if (t - lastSentAt < intervalMs) return;
      lastSentAt = t;
      emit('exports.progress', last);
    },
    finish(final) {
      last = { ...last, ...final };
      emit('exports.progress', last);
      return last;
    },
  };
}
