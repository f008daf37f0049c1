// What the status bar shows of the active environment (the `app.status` channel and event): the
// environment, its connection as the client's outcomes tell it, the rate limit, the last sync and the
// notices. Every notice shown is also logged. A change of connection or notices is told at once; the rate
// limit's figures, which every answer changes, at most 4 times a second (a batch's answers would otherwise
// repaint the status bar each time).
import type { AppStatus, Environment } from '../../src-shared/ipc/channels/settings';
import type { ApiOutcome } from '../api/client';
import type { RateLimitState } from '../api/types';
import { errorMessage } from '../errors/error-message';
import type { Emit, Logger } from '../ports/ports';
import { connectionAfter, type ConnectionState } from './connection-state';
import type { ConnectionWatch } from './connection-watch';
import { isLocal } from './environments';
import { KEYCHAIN_NOTICE } from './key-commands';

export interface AppStatusDeps {
  emit: Emit;
  logger: Logger;
  /** The active environment as the renderer sees it. */
  activeView: () => Environment;
  activeId: () => string;
  /** The active client's rate limit, once it has a client. */
  rateLimit: () => RateLimitState | null;
  /** Probes while offline (connection-watch.ts). */
  watch: Pick<ConnectionWatch, 'follow'>;
}

export class AppStatusReporter {
  connection: ConnectionState = 'unknown';
  lastSyncedAt: string | null = null;
  private readonly notices: string[] = [];
  private lastEmitted = '';
  private statusDue: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly deps: AppStatusDeps) {}

  status(): AppStatus {
    return {
      environment: this.deps.activeView(),
      connection: this.connection,
      rateLimit: this.deps.rateLimit(),
      lastSyncedAt: this.lastSyncedAt,
      notices: [...this.notices],
    };
  }

  /** Every notice the status bar shows is also in the log, once each time it appears. */
  addNotice(text: string): void {
    if (this.notices.includes(text)) return;
    this.notices.push(text);
    this.deps.logger.warn({ notice: text }, 'notice shown');
  }

  removeNotice(text: string): void {
    const at = this.notices.indexOf(text);
    if (at >= 0) this.notices.splice(at, 1);
  }

  /** Shows a notice (or takes it away) and tells the renderer. */
  setNotice(text: string, on: boolean): void {
    if (on) this.addNotice(text);
    else this.removeNotice(text);
    this.emitIfChanged();
  }

  hasNotice(text: string): boolean {
    return this.notices.includes(text);
  }

  /** Forgets the connection and the last sync: another environment (or address) is active now. */
  reset(): void {
    this.connection = 'unknown';
    this.lastSyncedAt = null;
  }

  emitIfChanged(): void {
    const current = this.status();
    const text = JSON.stringify(current);
    if (text === this.lastEmitted) return;
    this.lastEmitted = text;
    try {
      this.deps.emit('app.status', current);
    } catch (error) {
      this.deps.logger.warn({ err: errorMessage(error) }, 'emitting app.status failed');
    }
  }

  /** Emits within 250 ms, once for however many changes come in between. */
  emitSoon(): void {
    this.statusDue ??= setTimeout(() => {
      this.statusDue = null;
      this.emitIfChanged();
    }, 250);
    this.statusDue.unref?.();
  }

  /** What a client of `environmentId` reports after each call. */
  outcomeOf(environmentId: string): (outcome: ApiOutcome) => void {
    return (outcome) => {
      if (outcome.kind === 'keychain_unavailable') this.addNotice(KEYCHAIN_NOTICE);
      // A key read from the keychain and answered: the keychain works again.
      const healed = outcome.kind === 'ok' && !isLocal(environmentId) && this.hasNotice(KEYCHAIN_NOTICE);
      if (healed) this.removeNotice(KEYCHAIN_NOTICE);
      if (environmentId !== this.deps.activeId()) return;
      const before = this.connection;
      const next = connectionAfter(outcome.kind);
      if (next) this.connection = next;
      this.deps.watch.follow(this.connection);
      if (this.connection !== before || healed || outcome.kind === 'keychain_unavailable') this.emitIfChanged();
      else this.emitSoon();
    };
  }
}
