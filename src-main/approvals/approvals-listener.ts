// Live counts for the navigation: the team link's listening connection follows card_desk_approvals (every
// step of every request notifies it, migration 004) and on card_desk_approval_rules (a change of the rules,
// migration 005, read again at once), and each request's notification reads the counts again and
// tells the window (`approvals.changed`). While the link is down there is nothing to count; when it is back
// the listener starts again. Waiting requests past their time are marked expired once a minute.
import type { ApprovalsStatus } from '../../src-shared/ipc/channels/approvals';
import type { Emit, Logger } from '../ports/ports';
import { errorMessage } from '../errors/error-message';
import { approvalStore } from './approval-store';
import type { TeamPort } from './team-access';
import { RULES_CHANNEL } from './rules-store';

const NONE: ApprovalsStatus = {
  available: false,
  approver: false,
  waitingForMe: 0,
  myWaiting: 0,
  myLastDecisionAt: null,
  changes: 0,
};

export interface ListenerOptions {
  team: TeamPort;
  emit: Emit;
  logger: Logger;
  /** How often the link's state is looked at (default 500 ms); expiry runs every 60 s. */
  tickMs?: number;
  /** Each time the desk starts listening (connected again): work that waited for the database. */
  onConnected?: () => Promise<unknown>;
  /** The approval rules changed in the team database (any desk's administrator saved them). */
  onRulesChanged?: () => Promise<unknown>;
  /** Once a minute while connected, after expiry. */
  everyMinute?: () => Promise<unknown>;
}

export class ApprovalsListener {
  private current: ApprovalsStatus = NONE;
  private stop: (() => void) | null = null;
  private listening: Promise<unknown> | null = null;
  private timer: NodeJS.Timeout;
  private lastExpiry = 0;
  private lastEmitted = '';
  /** Notifications heard: a step that changes no count (approved, sent, failed) still reaches the window. */
  private changes = 0;
  /** The counts' read under way, and the one asked for after it. */
  private reading: Promise<ApprovalsStatus> | null = null;
  private next: Promise<ApprovalsStatus> | null = null;

  constructor(private readonly options: ListenerOptions) {
    this.timer = setInterval(() => void this.tick(), options.tickMs ?? 500);
    this.timer.unref?.();
  }

  get status(): ApprovalsStatus {
    return this.current;
  }

  /**
   * Reads the counts again (after this desk changed a request, or when notified). One read at a time, in the
   * order asked: a read that began before a request was made (the window opening) and answered after the
   * read its notice started would otherwise put the old counts back, and nothing would correct them until
   * the next notice. A refresh asked while one runs gets the read that starts after it; asks that pile up
   * meanwhile share that one read.
   */
  refresh(): Promise<ApprovalsStatus> {
    if (!this.reading) {
      this.reading = this.read().finally(() => (this.reading = null));
      return this.reading;
    }
    this.next ??= this.reading
      .catch(() => undefined)
      .then(() => {
        this.next = null;
        return this.refresh();
      });
    return this.next;
  }

  private async read(): Promise<ApprovalsStatus> {
    if (this.options.team.status().state !== 'connected') {
      this.set({ ...NONE, changes: this.changes });
      return this.current;
    }
    const counts = await this.options.team.use((client) => approvalStore.counts(client));
    if (counts.ok) this.set({ available: true, ...counts.data, changes: this.changes });
    return this.current;
  }

  async dispose(): Promise<void> {
    clearInterval(this.timer);
    this.stop?.();
    await this.listening;
  }

  private set(status: ApprovalsStatus): void {
    this.current = status;
    const text = JSON.stringify(status);
    if (text === this.lastEmitted) return;
    this.lastEmitted = text;
    this.options.emit('approvals.changed', status);
  }

  private async tick(): Promise<void> {
    const connected = this.options.team.status().state === 'connected';
    if (!connected) {
      // Let the link close (a pool waits for the connection held here).
      this.stop?.();
      if (this.current.available) this.set({ ...NONE, changes: this.changes });
      return;
    }
    if (!this.listening) {
      this.listening = this.follow().finally(() => {
        this.listening = null;
        this.stop = null;
      });
      await this.refresh();
      await this.options
        .onConnected?.()
        .catch((error: unknown) =>
          this.options.logger.warn({ err: errorMessage(error) }, 'approvals: work on connecting failed'),
        );
    }
    if (Date.now() - this.lastExpiry > 60_000) {
      this.lastExpiry = Date.now();
      await this.options.team.use((client) => approvalStore.expire(client));
      await this.options
        .everyMinute?.()
        .catch((error: unknown) =>
          this.options.logger.warn({ err: errorMessage(error) }, 'approvals: the minute’s work failed'),
        );
    }
  }

  /**
   * Follows both channels on the team link's one listening connection (team/team-notices.ts) until stopped;
   * each (re)start of listening reads the counts again, as notices may have been missed.
   */
  private follow(): Promise<void> {
    return new Promise<void>((resolve) => {
      const unsubscribe = this.options.team.listen({
        channels: ['card_desk_approvals', RULES_CHANNEL],
        heard: (channel) => {
          if (channel === RULES_CHANNEL) void this.options.onRulesChanged?.().catch(() => undefined);
          else {
            this.changes += 1;
            void this.refresh().catch(() => undefined);
          }
        },
        listening: () => void this.refresh().catch(() => undefined),
        // The link closed (another environment, or signed in again): the next tick follows the new one.
        ended: () => resolve(),
      });
      this.stop = () => {
        unsubscribe();
        resolve();
      };
    });
  }
}
