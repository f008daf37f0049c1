// LISTEN card_desk_customers, on the link's one listening connection (team-notices.ts): the syncer's writes
// notify once per statement, and each notice wakes this desk's cache to read the changes. Every (re)start of
// listening wakes the cache too, as changes may have come while nobody listened.
import type { NoticeSubscription } from '../team-notices';

export const CUSTOMERS_CHANNEL = 'card_desk_customers';

export interface ListenerOptions {
  /** The link's notices (TeamLink.listen). */
  listen: (subscription: NoticeSubscription) => () => void;
  /** A change was written, or listening (re)started. */
  wake: () => void;
}

export class CustomerListener {
  private unsubscribe: (() => void) | null = null;
  private stopped = false;

  constructor(private readonly options: ListenerOptions) {}

  /** Follows the channel, unless it does already (called whenever the link is connected). */
  ensure(): void {
    if (this.stopped || this.unsubscribe) return;
    this.unsubscribe = this.options.listen({
      channels: [CUSTOMERS_CHANNEL],
      heard: () => this.options.wake(),
      listening: () => this.options.wake(),
    });
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe?.();
    this.unsubscribe = null;
  }
}
