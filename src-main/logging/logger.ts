// The main process's log: JSON lines (pino) in <dataDir>/logs/main.log. Secrets are redacted by path as
// a second line of defence; callers never pass keys or headers in the first place.
import pino from 'pino';
import type { Logger } from '../ports/ports';

export interface LoggerOptions {
  /** Log file path (its folder is created); stderr when absent. */
  file?: string;
  level?: 'debug' | 'info' | 'warn' | 'error' | 'silent';
}

export interface AppLogger extends Logger {
  /** Writes out anything buffered (call before exit). */
  flush(): void;
}

const SECRET_NAMES = ['authorization', 'Authorization', 'key', 'apiKey', 'secret', 'password', 'token'];
/** The secret names at the top level and up to two levels down (`headers.authorization`, `a.b.key`). */
export const REDACTED_PATHS = SECRET_NAMES.flatMap((n) => [n, `*.${n}`, `*.*.${n}`]);

export function createLogger(options: LoggerOptions = {}): AppLogger {
  const destination = options.file
    ? pino.destination({ dest: options.file, mkdir: true, sync: true })
    : pino.destination(2);
  return pino(
    {
      level: options.level ?? 'info',
      base: { pid: process.pid },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}
