// The team's customers on this desk, for the active environment: the feed its cache fills from (by
// change_seq), the listener that wakes it, the syncer (when the login is a card_desk_syncer member) and the
// picture the status bar shows. A wake runs the cache's sync, which reads the feed; a wake while it runs
// runs it again after, so no change is left waiting for the next notice. A poll every `pollEveryMs` wakes it
// too (and refreshes the picture): a notice lost with a connection costs at most that long.
import type { TeamCustomersStatus } from '../../../src-shared/ipc/channels/team';
import type { CardApiClient } from '../../api/types';
import type { CustomerFeed } from '../../cache/team-door';
import { errorMessage } from '../../errors/error-message';
import type { Logger } from '../../ports/ports';
import type { TeamLink } from '../team-link';
import type { Desk } from '../team-settings';
import { teamCustomerFeed } from './customer-feed';
import { CustomerListener } from './customer-listener';
import { readSyncPicture } from './sync-picture';
import { type SyncerTimings, TeamSyncer } from './team-syncer';

export interface TeamCustomerTimings extends SyncerTimings {
  /** How often the desk looks for changes without a notice, and reads the picture again (default 30 s). */
  pollEveryMs?: number;
}

/** What the team's customers need of the desk: its cache of the active environment, and the API client. */
export interface TeamCustomerPorts {
  cache: () => Promise<{ sync(): Promise<unknown>; cancelSync(): boolean }>;
  api: () => Promise<Pick<CardApiClient, 'listCustomersBytes'>>;
  timings?: TeamCustomerTimings;
}

export interface TeamCustomersOptions {
  environmentId: string;
  link: TeamLink;
  desk: Desk;
  ports: TeamCustomerPorts;
  logger: Logger;
  /** Told when the picture changed (the service also says it at its next tick). */
  onChange?: () => void;
}

export class TeamCustomers {
  readonly feed: CustomerFeed;
  readonly syncer: TeamSyncer;
  private readonly listener: CustomerListener;
  private readonly timer: NodeJS.Timeout;
  private appliedSeq: number | null = null;
  private picture: Omit<TeamCustomersStatus, 'thisDeskSyncs' | 'syncFailure'> | null = null;
  private filling: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  /** The first fill stops a sync from the API under way (begun before the desk signed in). */
  private first = true;

  constructor(private readonly options: TeamCustomersOptions) {
    const { link, logger } = options;
    this.feed = teamCustomerFeed({ link, applied: (seq) => (this.appliedSeq = seq) });
    this.listener = new CustomerListener({ listen: (s) => link.listen(s), wake: () => void this.wake() });
    this.syncer = new TeamSyncer({
      environmentId: options.environmentId,
      link,
      desk: options.desk,
      api: options.ports.api,
      logger,
      onChange: () => void this.refresh(),
      ...options.ports.timings,
    });
    this.timer = setInterval(() => this.poll(), options.ports.timings?.pollEveryMs ?? 30_000);
    this.timer.unref?.();
  }

  /** The link is connected (again): listen, try for the lease, read what changed meanwhile. */
  connected(): void {
    if (this.stopped) return;
    this.listener.ensure();
    this.syncer.start();
    void this.syncer.tick();
    void this.wake();
  }

  status(): TeamCustomersStatus | null {
    if (!this.picture) return null;
    return {
      ...this.picture,
      appliedSeq: this.appliedSeq ?? this.picture.appliedSeq,
      thisDeskSyncs: this.syncer.holding,
      syncFailure: this.syncer.lastFailure,
    };
  }

  /** Fills the cache from the team database now (joins a fill under way, then runs once more). */
  wake(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.filling) {
      this.again = true;
      return this.filling;
    }
    this.filling = this.fill().finally(() => {
      this.filling = null;
      void this.refresh();
      if (this.again && !this.stopped) {
        this.again = false;
        void this.wake();
      }
    });
    return this.filling;
  }

  private async fill(): Promise<void> {
    try {
      const cache = await this.options.ports.cache();
      if (this.first && cache.cancelSync()) await cache.sync(); // ends with the cancelled one
      this.first = false;
      await cache.sync();
    } catch (error) {
      this.options.logger.warn({ err: errorMessage(error) }, 'could not fill the customer cache from the team');
    }
  }

  private poll(): void {
    if (this.options.link.status.state !== 'connected') return;
    this.listener.ensure();
    void this.wake();
  }

  /** Reads who syncs and how fresh the team's copy is; the status bar hears a change. */
  async refresh(): Promise<void> {
    if (this.stopped || this.options.link.status.state !== 'connected') return;
    try {
      this.picture = await readSyncPicture(this.options.link, this.options.desk.id, this.appliedSeq);
    } catch {
      // The link says the database is away; the picture stays as last read.
    }
    this.options.onChange?.();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    // A fill under way ends by itself: its next read fails once the link is closed.
    this.listener.stop();
    await this.syncer.stop();
  }
}
