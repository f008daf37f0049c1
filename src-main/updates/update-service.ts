// Updates that arrive by themselves: a check at start and every 6 hours, the download in the background,
// verified by the engine (SHA-512 from the feed, then the release signature against the keys built into
// the app), then "ready" until the operator restarts. A file without a valid signature, or one that changed
// after its check, is "discarded", which the status bar says. Restarting is refused while a write is
// unsettled (sent and not yet answered, its outcome unknown, a batch running: see unsettled-writes.ts), so
// no card or account is left half-known; the version is never older than this one (the engine refuses
// downgrades). Nothing here waits on a person.
import type { Logger } from '../ports/ports';
import { errorMessage } from '../errors/error-message';
import type { UpdateEngine } from './update-engine';
import type { UpdateInstallError } from './deb-root-step';
import type { UpdateSignatureError } from './release-signature';
import type { UpdateFeed } from './update-policy';
import { restartWaitReason, type UnsettledWrites } from './unsettled-writes';

export const CHECK_INTERVAL_MS = 6 * 60 * 60 * 1000;

export type UpdateStatus =
  | { state: 'off' }
  | { state: 'current'; checkedAt: string | null }
  | { state: 'checking' }
  | { state: 'downloading'; version: string }
  | { state: 'ready'; version: string }
  | { state: 'discarded'; version: string; message: string; at: string }
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
  /** Installs the ready update and restarts, unless a write is unsettled or it could not be installed (the answer says why). */
  restart(): Promise<RestartAnswer>;
  stop(): void;
}

/** Why a file was discarded, in the operator's words (the log has the file and the keys). */
export function discardMessage(error: UpdateSignatureError): string {
  const update = `The update to Card Desk ${error.version}`;
  switch (error.problem.kind) {
    case 'unsigned':
      return `${update} has no signature, so it was discarded.`;
    case 'other file':
      return `${update} is not the file that was signed, so it was discarded.`;
    default:
      return `${update} is not signed with Card Desk's key, so it was discarded.`;
  }
}

const isSignatureError = (e: unknown): e is UpdateSignatureError =>
  (e as { code?: unknown } | null)?.code === 'ERR_UPDATE_SIGNATURE';
const isInstallError = (e: unknown): e is UpdateInstallError =>
  (e as { code?: unknown } | null)?.code === 'ERR_UPDATE_INSTALL';

/** What went wrong, in the operator's words. */
export function updateFailureMessage(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ERR_CHECKSUM_MISMATCH') {
    return 'The downloaded update did not match the checksum its feed names, so it was discarded.';
  }
  if (isSignatureError(error)) return discardMessage(error);
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
  let current: UpdateStatus = deps.feed.problem
    ? { state: 'failed', message: deps.feed.problem, at: now().toISOString() }
    : deps.feed.enabled
      ? { state: 'current', checkedAt: null }
      : { state: 'off' };
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<UpdateStatus> | null = null;
  let installing: Promise<RestartAnswer> | null = null;

  const set = (next: UpdateStatus) => {
    current = next;
    deps.onChange?.(next);
    return next;
  };

  async function checkAndDownload(): Promise<UpdateStatus> {
    if (current.state === 'ready' || !deps.feed.enabled) return current;
    set({ state: 'checking' });
    let version: string | null = null;
    try {
      version = await deps.engine.check();
      if (version === null) return set({ state: 'current', checkedAt: now().toISOString() });
      set({ state: 'downloading', version });
      await deps.engine.download();
      deps.logger?.info({ version }, 'update downloaded and verified');
      return set({ state: 'ready', version });
    } catch (error) {
      deps.logger?.warn({ err: errorMessage(error) }, 'update check or download failed');
      const message = updateFailureMessage(error);
      const at = now().toISOString();
      const discarded = isSignatureError(error) || (error as { code?: unknown }).code === 'ERR_CHECKSUM_MISMATCH';
      return set(
        version !== null && discarded ? { state: 'discarded', version, message, at } : { state: 'failed', message, at },
      );
    }
  }

  /** The ready update installed (the app then restarts), or why not. */
  async function install(version: string): Promise<RestartAnswer> {
    try {
      await deps.engine.install();
      return { restarting: true };
    } catch (error) {
      deps.logger?.error({ err: errorMessage(error), version }, 'update not installed');
      const at = now().toISOString();
      if (isSignatureError(error)) {
        const message = discardMessage(error);
        set({ state: 'discarded', version, message, at });
        return { restarting: false, reason: message };
      }
      if (isInstallError(error) && error.kind === 'not approved')
        return { restarting: false, reason: `The update was not installed: ${error.message}` };
      const message =
        isInstallError(error) && error.kind === 'refused'
          ? `The update to Card Desk ${version} was refused by the install step (${error.message}), so it was discarded.`
          : `The update to Card Desk ${version} could not be installed: ${errorMessage(error)}`;
      set(
        isInstallError(error) && error.kind === 'refused'
          ? { state: 'discarded', version, message, at }
          : { state: 'failed', message, at },
      );
      return { restarting: false, reason: message };
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
    async restart() {
      if (current.state !== 'ready') return { restarting: false, reason: 'No update is ready to install.' };
      const waiting = restartWaitReason(deps.unsettledWrites());
      if (waiting) {
        deps.logger?.info({ reason: waiting }, 'update restart deferred');
        return { restarting: false, reason: waiting };
      }
      installing ??= install(current.version).finally(() => (installing = null));
      return installing;
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
