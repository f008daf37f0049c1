// The one desk that pages the API for the team. A desk whose login is a card_desk_syncer member asks the
// database for the sync lease (take_sync_lease: free, lapsed, or already its own) every `renewEveryMs`;
// while it holds it, it runs a pass now and then: the cache's re-sync (cache/sync/resync.ts) with the team
// database as its store, so the team's cursor and list shape are where it resumes. Its requests go through
// the environment's client as background work, behind the operator's. A lease that lapses (the desk quit,
// lost the database, hung) is free once `leaseSeconds` pass, and another syncer takes it at its next try:
// within leaseSeconds + renewEveryMs (60 s + 20 s by default). Stopping releases the lease.
import type { CardApiClient } from '../../api/types';
import { runResync, SyncProgressReporter, type SyncOutcome } from '../../cache/team-door';
import { errorMessage } from '../../errors/error-message';
import type { Logger } from '../../ports/ports';
import type { TeamLink } from '../team-link';
import type { Desk } from '../team-settings';
import { teamSyncStore } from './syncer-store';

export interface SyncerTimings {
  /** How long a lease lasts (10 to 600 s; default 60). */
  leaseSeconds?: number;
  /** How often the holder renews and the others try (default 20 s). */
  renewEveryMs?: number;
  /** Time between the holder's passes over the API's list (default 60 s). */
  passEveryMs?: number;
}

export interface TeamSyncerOptions extends SyncerTimings {
  environmentId: string;
  link: Pick<TeamLink, 'use' | 'status'>;
  desk: Desk;
  /** The environment's client for the customer list (background work under the one rate budget). */
  api: () => Promise<Pick<CardApiClient, 'listCustomersBytes'>>;
  logger: Logger;
  /** Told when this desk starts or stops holding the lease, and after each pass. */
  onChange?: () => void;
  now?: () => Date;
}

export class TeamSyncer {
  private timer: NodeJS.Timeout | null = null;
  private pass: { promise: Promise<SyncOutcome | null>; abort: AbortController } | null = null;
  private lastPassAt = -Infinity;
  private held = false;
  private stopped = false;
  private ticking: Promise<void> | null = null;
  private lastOutcome: string | null = null;

  constructor(private readonly options: TeamSyncerOptions) {}

  /** Whether this desk holds the team's sync lease (as of its last try). */
  get holding(): boolean {
    return this.held;
  }

  /** Why this desk's last pass failed (the team database's refusal, in its words); null once one succeeds. */
  get lastFailure(): string | null {
    return this.failure;
  }

  private failure: string | null = null;

  /** What the last pass ended with, in words (null before the first). */
  get lastPass(): string | null {
    return this.lastOutcome;
  }

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.tick(), this.options.renewEveryMs ?? 20_000);
    this.timer.unref?.();
    void this.tick();
  }

  /** Tries for the lease now and, holding it, runs a pass now (resolves when the pass ends). */
  async runNow(): Promise<SyncOutcome | null> {
    this.lastPassAt = -Infinity;
    await this.tick();
    return (await this.pass?.promise) ?? null;
  }

  /** Takes or renews the lease; holding it, starts a pass when one is due. */
  tick(): Promise<void> {
    this.ticking ??= this.renew().finally(() => {
      this.ticking = null;
    });
    return this.ticking;
  }

  private async renew(): Promise<void> {
    const { link, desk } = this.options;
    let holds = false;
    if (!this.stopped && link.status.state === 'connected' && link.status.syncer) {
      holds = await link
        .use(async (client) => {
          const { rows } = await client.query<{ ok: boolean }>('SELECT card_desk.take_sync_lease($1, $2, $3) AS ok', [
            desk.id,
            desk.name,
            this.options.leaseSeconds ?? 60,
          ]);
          return rows[0]?.ok === true;
        })
        .catch((error: unknown) => {
          this.options.logger.warn({ err: errorMessage(error) }, 'could not renew the team sync lease');
          return false;
        });
    }
    if (holds !== this.held) {
      this.held = holds;
      this.options.logger.info(
        { holds },
        holds ? 'this desk syncs for the team' : 'this desk no longer syncs for the team',
      );
      this.options.onChange?.();
    }
    if (!holds) {
      this.pass?.abort.abort();
      return;
    }
    const due = Date.now() - this.lastPassAt >= (this.options.passEveryMs ?? 60_000);
    if (due && !this.pass && !this.stopped) this.startPass();
  }

  private startPass(): void {
    const abort = new AbortController();
    const promise = this.runPass(abort.signal).finally(() => {
      this.pass = null;
      this.lastPassAt = Date.now();
      this.options.onChange?.();
    });
    this.pass = { promise, abort };
  }

  private async runPass(signal: AbortSignal): Promise<SyncOutcome | null> {
    const { options } = this;
    try {
      const outcome = await runResync({
        api: await options.api(),
        store: teamSyncStore(options.link, options.logger),
        progress: new SyncProgressReporter(options.environmentId, () => undefined, 1_000),
        signal,
        full: false,
        now: options.now ?? (() => new Date()),
        logger: options.logger,
      });
      const { phase, customers, message } = outcome.progress;
      this.lastOutcome = message ?? phase;
      this.failure = null;
      options.logger.info({ phase, customers, message }, 'team customer sync pass ended');
      return outcome;
    } catch (error) {
      this.lastOutcome = errorMessage(error);
      this.failure = this.lastOutcome;
      options.logger.warn({ err: this.lastOutcome }, 'team customer sync pass failed');
      return null;
    }
  }

  /** Stops: the running pass ends, and the lease is released so another desk takes over at once. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.pass?.abort.abort();
    await this.ticking;
    await this.pass?.promise;
    if (!this.held) return;
    this.held = false;
    await this.options.link
      .use((client) => client.query('SELECT card_desk.release_sync_lease($1)', [this.options.desk.id]))
      .catch((error: unknown) =>
        this.options.logger.warn({ err: errorMessage(error) }, 'could not release the team sync lease'),
      );
  }
}
