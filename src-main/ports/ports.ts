// The seams between the main process's capabilities. Each capability folder implements its port;
// `app-core.ts` composes them per environment. Nothing here imports electron.
import type { Pagination } from '../../src-shared/api/envelope';
import type { EventName } from '../../src-shared/ipc/names';
import type { EventPayload } from '../../src-shared/ipc/contract';

/** Sends an event to every renderer window (Electron) or harness page. */
export type Emit = <E extends EventName>(name: E, payload: EventPayload<E>) => void;

/** Where a CSV export goes: a native save dialog in Electron, a chosen folder in the harness. */
export interface SaveFilePort {
  /** Asks where to save; null when the user cancelled. */
  chooseSavePath(suggestedName: string): Promise<string | null>;
}

/**
 * The operating system's proxy for a URL, in PAC form ("PROXY host:port; DIRECT", "DIRECT"): in the app,
 * Electron's `session.resolveProxy` (system settings, PAC, WPAD, as Chromium sees them).
 */
export type ResolveProxy = (url: string) => Promise<string>;

/** Tells the shell which theme to draw in (Electron's `nativeTheme.themeSource`); nothing in the harness. */
export type SetThemeSource = (source: 'system' | 'light' | 'dark') => void;

/** Opens an allow-listed https URL in the user's browser. */
export type OpenExternal = (url: string) => Promise<void>;

export interface Logger {
  /** What a developer needs to follow one request (each HTTP attempt, each page). */
  debug(obj: object, msg?: string): void;
  /** What an operator or support needs: state changes, completed work, outcomes. */
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export type { Pagination };
