import type { SyncProgress } from '../../../src-shared/ipc/channels/customers';
import { rateWaitText } from '../../lib/rateWait';

export const RUNNING_PHASES: readonly SyncProgress['phase'][] = ['starting', 'paging', 'pruning'];
export const isRunning = (p: SyncProgress | null | undefined): boolean => !!p && RUNNING_PHASES.includes(p.phase);

/** Whole percent done; null while the number of pages is not known yet. */
export function syncPercent(p: SyncProgress): number | null {
  if (p.phase === 'done' || p.phase === 'unchanged') return 100;
  if (!p.totalPages) return null;
  return Math.min(100, Math.floor((p.pagesDone / p.totalPages) * 100));
}

function etaText(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return '';
  const s = Math.round(ms / 1000);
  if (s < 60) return ` · about ${s} s left`;
  return ` · about ${Math.round(s / 60)} min left`;
}

export function syncProgressText(p: SyncProgress, now = Date.now()): string {
  const count = `${p.customers.toLocaleString('en')} customers`;
  switch (p.phase) {
    case 'starting':
      return 'Starting sync…';
    case 'paging': {
      const pages = p.totalPages
        ? `page ${p.pagesDone.toLocaleString('en')} of ${p.totalPages.toLocaleString('en')}`
        : `page ${p.pagesDone.toLocaleString('en')}`;
      if (p.waitingUntil !== undefined)
        return `${rateWaitText(p.waitingUntil, now)} · ${pages} · ${count} so far${etaText(p.etaMs)}`;
      const rate = p.ratePerSecond > 0 ? ` · ${Math.round(p.ratePerSecond).toLocaleString('en')}/s` : '';
      return `Syncing ${pages} · ${count}${rate}${etaText(p.etaMs)}`;
    }
    case 'pruning':
      return `Removing customers the service no longer lists · ${count}`;
    case 'done':
      // The message, when there is one, counts customers with fields that could not be read.
      return `Sync complete · ${count}${p.message ? ` · ${p.message}` : ''}`;
    case 'unchanged':
      return `Sync complete · no changes since the last sync · ${count}`;
    case 'cancelled':
      return `Sync cancelled after ${p.pagesDone.toLocaleString('en')} pages; the next sync resumes where this one stopped`;
    case 'failed':
      return `Sync failed: ${p.message ?? 'unknown error'}`;
  }
}
