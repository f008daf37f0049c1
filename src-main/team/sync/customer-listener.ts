// LISTEN card_desk_customers on a connection of its own: the syncer's writes notify once per statement,
// and each notice wakes this desk's cache to read the changes. The connection is made while the link is
// connected and made again after it heals; every (re)start wakes the cache too, as changes may have come
// while nobody listened.
import type pg from 'pg';
import { errorMessage } from '../../errors/error-message';
import type { Logger } from '../../ports/ports';

export const CUSTOMERS_CHANNEL = 'card_desk_customers';

export interface ListenerOptions {
  /** A new connection, signed in as the link's (TeamLink.separateClient). */
  client: () => pg.Client;
  /** A change was written, or listening (re)started. */
  wake: () => void;
  logger: Logger;
}

export class CustomerListener {
  private client: pg.Client | null = null;
  private starting: Promise<void> | null = null;
  private stopped = false;

  constructor(private readonly options: ListenerOptions) {}

  get listening(): boolean {
    return this.client !== null;
  }

  /** Listens, unless it already does (called whenever the link is connected). */
  ensure(): Promise<void> {
    if (this.stopped || this.client) return Promise.resolve();
    this.starting ??= this.listen().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private async listen(): Promise<void> {
    const client = this.options.client();
    const lost = () => {
      if (this.client !== client) return;
      this.client = null;
      void client.end().catch(() => undefined);
    };
    client.on('error', (error) => {
      this.options.logger.warn({ err: errorMessage(error) }, 'team customer notices lost');
      lost();
    });
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.channel === CUSTOMERS_CHANNEL) this.options.wake();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CUSTOMERS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      this.options.logger.warn({ err: errorMessage(error) }, 'could not listen for team customer changes');
      return;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.options.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    await this.starting;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }
}
