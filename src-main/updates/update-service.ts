// Updates that arrive by themselves: a check at start and every 6 hours, the download in the background,
// verified by the engine (SHA-512 from the feed), then "ready" until the operator restarts. Restarting is
// refused while a write is unsettled (sent and not yet answered, its outcome unknown, a batch running: see
// unsettled-writes.ts), so no card or account is left half-known;
// the version is never older than this one (the engine refuses downgrades). Nothing here waits on a person.
import type { Logger } from '../ports/ports';
import { errorMessage } from '../errors/error-message';
import type { UpdateEngine } from './update-engine';
import type { UpdateFeed } from './update-policy';
import { restartWaitReason, type UnsettledWrites } from './unsettled-writes';

export const CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;

export type UpdateStatus =
  | { state: 'off' }
  | { state: 'current'; checkedAt: string | null }
  | { state: 'checking' }
  | { state: 'downloading'; version: string }
  | { state: 'ready'; version: string }
  | { state: 'failed'; message: string; at: string };

export type RestartAnswer = { restarting: true } | { restarting: false; reason: string };

export interface UpdateServiceDeps {
  engine: UpdateEngine;
  feed: UpdateFeed;
  /** Writes not yet settled: sent and unanswered, of unknown outcome, in a running batch. */
  unsettledWrites: () => UnsettledWrites;
  onChange?: (status: UpdateStatus) => void;
  logger?: Logger;
  intervalMs?: number;
  now?: () => Date;
}

export interface UpdateService {
  status(): UpdateStatus;
  /** Checks now and every interval after; does nothing when updates are off. */
  start(): void;
  /** One check, and the download when a newer version is offered. Resolves to the status it ends in. */
  checkNow(): Promise<UpdateStatus>;
  /** Installs the ready update and restarts, unless a write is unsettled (the answer then says why). */
  restart(): RestartAnswer;
  stop(): void;
}

/** What went wrong, in the operator's words. */
export function updateFailureMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERR_CHECKSUM_MISMATCH') {
    return 'The downloaded update did not match the checksum its feed names, so it was discarded.';
  }
  if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT' || code === 'ECONNRESET') {
    return `The update feed could not be reached (${String(code)}).`;
  }
  if (code === 'ERR_UPDATER_INVALID_UPDATE_INFO' || code === 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND') {
    return `The update feed's answer could not be read: ${errorMessage(error)}`;
  }
  return `Looking for an update failed: ${errorMessage(error)}`;
}

export function createUpdateService(deps: UpdateServiceDeps): UpdateService {
  const now = deps.now ?? (() => new Date());
  let current: UpdateStatus = deps.feed.enabled ? { state: 'current', checkedAt: null } : { state: 'off' };
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<UpdateStatus> | null = null;

  const set = (next: UpdateStatus) => {
    current = next;
    deps.onChange?.(next);
    return next;
  };

  async function checkAndDownload(): Promise<UpdateStatus> {
    if (current.state === 'ready' || current.state === 'off') return current;
    set({ state: 'checking' });
    try {
      const version = await deps.engine.check();
      if (version === null) return set({ state: 'current', checkedAt: now().toISOString() });
      set({ state: 'downloading', version });
      await deps.engine.download();
      deps.logger?.info({ version }, 'update downloaded and verified');
      return set({ state: 'ready', version });
    } catch (error) {
      deps.logger?.warn({ err: errorMessage(error) }, 'update check or download failed');
      return set({ state: 'failed', message: updateFailureMessage(error), at: now().toISOString() });
    }
  }

  return {
    status: () => current,
    start() {
      if (!deps.feed.enabled || timer) return;
      void this.checkNow();
      timer = setInterval(() => void this.checkNow(), deps.intervalMs ?? CHECK_INTERVAL_MS);
      timer.unref();
    },
    checkNow() {
      running ??= checkAndDownload().finally(() => (running = null));
      return running;
    },
    restart() {
      if (current.state !== 'ready') return { restarting: false, reason: 'No update is ready to install.' };
      const waiting = restartWaitReason(deps.unsettledWrites());
      if (waiting) {
        deps.logger?.info({ reason: waiting }, 'update restart deferred');
        return { restarting: false, reason: waiting };
      }
      deps.engine.install();
      return { restarting: true };
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
