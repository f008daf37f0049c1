// The main process's log: JSON lines (pino) in <dataDir>/logs/main.log. Writing never waits for the disk
// (lines go to a stream that writes behind), and the file is capped: past MAX_LOG_BYTES it is rotated to
// main.log.1 (the older ones move up to main.log.KEEP_LOGS, the oldest is dropped). Secrets are redacted by
// path as a second line of defence; callers never pass keys or headers in the first place.
// Levels: info is what an operator or support needs (state changes, outcomes, failures as warn/error);
// debug is what a developer follows (each HTTP attempt, each page). The default level is info.
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { createStream } from 'rotating-file-stream';
import type { Logger } from '../ports/ports';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE, makeFilePrivate } from '../storage/private-files';

/** The size at which the log file is rotated. */
export const MAX_LOG_BYTES = 10 * 1024 * 1024;
/** How many rotated files are kept beside the current one. */
export const KEEP_LOGS = 3;

export interface LoggerOptions {
  /** Log file path (its folder is created); stderr when absent. */
  file?: string;
  level?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /** Rotation size in bytes (default MAX_LOG_BYTES). */
  maxBytes?: number;
}

export interface AppLogger extends Logger {
  /** Resolves once every line logged so far is written (call before reading the file or exiting). */
  flush(): Promise<void>;
  /**
   * Writes what is logged so far and lets go of the file (its handle closed, not left to the garbage
   * collector); lines logged after are dropped. The owner of the logger calls it once, when done with it.
   */
  close(): Promise<void>;
}

const SECRET_NAMES = ['authorization', 'Authorization', 'key', 'apiKey', 'secret', 'password', 'token'];
/** The secret names at the top level and up to two levels down (`headers.authorization`, `a.b.key`). */
export const REDACTED_PATHS = SECRET_NAMES.flatMap((n) => [n, `*.${n}`, `*.*.${n}`]);

export function createLogger(options: LoggerOptions = {}): AppLogger {
  const pinoOptions = {
    level: options.level ?? 'info',
    base: { pid: process.pid },
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  if (!options.file) {
    const stderr = pino.destination({ dest: 2, sync: false });
    const logger = pino(pinoOptions, stderr);
    const flush = () => new Promise<void>((resolve) => stderr.flush(() => resolve()));
    // stderr is the process's, never closed here.
    return Object.assign(logger, { flush, close: flush });
  }
  // Opened once here, synchronously, so a data folder that cannot be written fails start-up with its own
  // error (ENOTDIR, EACCES) rather than losing the log later.
  // Private from creation on POSIX (0700 folder, 0600 files), the rotated files too: the stream opens each
  // new file with this mode and rotation renames files, which keeps theirs.
  mkdirSync(path.dirname(options.file), { recursive: true, mode: PRIVATE_FOLDER_MODE });
  closeSync(openSync(options.file, 'a', PRIVATE_FILE_MODE));
  makeFilePrivate(options.file);
  const file = createStream(path.basename(options.file), {
    path: path.dirname(options.file),
    mode: PRIVATE_FILE_MODE,
    size: `${Math.max(1, Math.ceil((options.maxBytes ?? MAX_LOG_BYTES) / 1024))}K`,
    rotate: KEEP_LOGS,
  });
  // A log that stops being writable must not take the app down: said once on stderr, the app goes on.
  let reported = false;
  let closed = false;
  file.on('error', (error) => {
    if (!reported && !closed) console.error(`The log ${options.file} cannot be written: ${error.message}`);
    reported = true;
  });
  const logger = pino(pinoOptions, file);
  return Object.assign(logger, {
    // Writes are processed in order: an empty write's callback runs once everything before it is written.
    flush: () => (closed ? Promise.resolve() : new Promise<void>((resolve) => file.write('', () => resolve()))),
    // Ending the stream writes what is queued, then closes the file's handle (its _final).
    close: () => {
      logger.level = 'silent';
      closed = true;
      return new Promise<void>((resolve) => file.end(() => resolve()));
    },
  });
}
