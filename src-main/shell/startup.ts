// Start-up that cannot fail silently. Whatever makes start-up reject (a data folder that cannot be
// written, a failed migration, a port the local sandbox cannot get) ends in a native error box that
// names what failed and the data folder, and the app exits: no window-less process is left behind.
// Errors nobody handles later on are written to the log instead of vanishing.
import path from 'node:path';
import { app, dialog } from 'electron';
import type { AppLogger } from '../logging/logger';
import type { Logger } from '../ports/ports';
import { errorMessage } from '../errors/error-message';

/** Start-up in named stages, so a failure can say which one failed. */
export interface StartupStages {
  /** Marks the start of a stage, in the operator's words (e.g. "Opening the journal"). */
  begin(stage: string): void;
}

export interface StartupOptions {
  /** The app's data folder, named in the error box. */
  dataDir: string;
  /** Where the failure is logged besides the box; stderr until the app's log is open. */
  logger?: () => AppLogger | null;
  start: (stages: StartupStages) => Promise<void>;
}

const WRITE_FAILURES = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST', 'EISDIR']);

function codeOf(error: unknown): { code?: string; syscall?: string } {
  return typeof error === 'object' && error !== null ? error : {};
}

/** What went wrong, in the operator's words: the kind of failure when it is recognisable, else the stage. */
export function whatFailed(error: unknown, stage: string): string {
  const { code, syscall } = codeOf(error);
  if (syscall === 'listen' || code === 'EADDRINUSE' || code === 'EADDRNOTAVAIL') {
    return 'The local sandbox could not get a network port';
  }
  if (code === 'ENOSPC') return 'The disk that holds the data folder is full';
  if (code && WRITE_FAILURES.has(code)) return 'The data folder cannot be written';
  return `${stage} failed`;
}

/** The error box's text: what failed, the error itself, the data folder and the log file. */
export function startupFailureText(error: unknown, stage: string, dataDir: string): { title: string; body: string } {
  return {
    title: 'Card Desk could not start',
    body: [
      `${whatFailed(error, stage)}.`,
      errorMessage(error),
      `Data folder: ${dataDir}`,
      `Log file: ${path.join(dataDir, 'logs', 'main.log')}`,
      'Card Desk will now close.',
    ].join('\n\n'),
  };
}

/** Runs start-up; on failure shows the error box and exits with code 1. Resolves to whether it started. */
export async function startOrQuit({ dataDir, logger, start }: StartupOptions): Promise<boolean> {
  let stage = 'Starting Card Desk';
  try {
    await start({ begin: (next) => void (stage = next) });
    return true;
  } catch (error) {
    const { title, body } = startupFailureText(error, stage, dataDir);
    const log = logger?.();
    if (log) {
      log.error({ err: errorMessage(error), stage, stack: (error as Error)?.stack }, 'start-up failed');
      await log.flush(); // the log writes behind: the line must be on disk before the app exits
    } else console.error(`${title}: ${body.replaceAll('\n\n', ' ')}`);
    dialog.showErrorBox(title, body);
    app.exit(1);
    return false;
  }
}

/**
 * Logs unhandled rejections and uncaught exceptions in main (to the app's log, or stderr before it is
 * open) rather than letting them pass unseen. Returns a function that removes the handlers.
 */
export function logUnhandledErrors(logger: () => Logger | null): () => void {
  const write = (kind: string, reason: unknown) => {
    const details = { err: errorMessage(reason), stack: reason instanceof Error ? reason.stack : undefined };
    const log = logger();
    if (log) log.error(details, kind);
    else console.error(`${kind}: ${details.stack ?? details.err}`);
  };
  const onRejection = (reason: unknown) => write('unhandled rejection in main', reason);
  const onException = (error: Error) => write('uncaught exception in main', error);
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}
