// One connection a desk at rest: the link's notices (LISTEN on every channel the desk follows, customers,
// approvals, rules) on one connection of its own, which also runs the link's small work while it is free
// (the heartbeat, a poll, a lease renewal), so the pool's connections are only for work that comes together
// and close when idle. The connection is made while the link is connected and subscriptions exist, made
// again when it is lost (after `retryMs` while the link stays connected; at once when the link heals), and
// each subscription hears `listening` every time listening (re)starts, as notices may have been missed.
import type pg from 'pg';
import { errorMessage } from '../errors/error-message';
import type { Logger } from '../ports/ports';

export interface NoticeSubscription {
  channels: readonly string[];
  /** A notice on one of `channels`. */
  heard: (channel: string, payload: string | undefined) => void;
  /** Listening (re)started: catch up what may have come meanwhile. */
  listening?: () => void;
  /** The link closed: nothing more comes (a new link is subscribed to afresh). */
  ended?: () => void;
}

export interface TeamNoticesOptions {
  /** A new connection for listening, signed in as the link's; null: no LISTEN reaches this desk (a pooler). */
  client: (() => pg.Client) | null;
  /** Without a connection for listening, every channel is taken as notified this often (default 5 s). */
  pollMs?: number;
  /** Whether the link is connected now. */
  connected: () => boolean;
  logger: Logger;
  /** Wait before listening again after the connection was lost while the link stayed up (default 1 s). */
  retryMs?: number;
  /** How long work waits for the connection while another's runs on it, before taking the pool's (200 ms). */
  waitMs?: number;
  /** The connection could not be made (the sign-in refused, the server gone): the link's state may follow. */
  cannotConnect?: (error: unknown) => void;
}

const listenSql = (channels: Iterable<string>, verb = 'LISTEN') =>
  [...channels].map((channel) => `${verb} ${channel}`).join('; ');

export class TeamNotices {
  private client: pg.Client | null = null;
  private opening: Promise<void> | null = null;
  private readonly subscriptions = new Set<NoticeSubscription>();
  /** The work running on the connection now, if any (one at a time). */
  private running: Promise<unknown> | null = null;
  private retry: NodeJS.Timeout | null = null;
  private poller: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly options: TeamNoticesOptions) {}

  /** How notices reach this desk: `listening` on a connection, or `polling` (the address is a pooler's). */
  get mode(): 'listening' | 'polling' {
    return this.options.client ? 'listening' : 'polling';
  }

  /** Follows `subscription`'s channels; the returned function stops. */
  subscribe(subscription: NoticeSubscription): () => void {
    this.subscriptions.add(subscription);
    const client = this.client;
    if (client)
      void this.exclusive(client, () => client.query(listenSql(subscription.channels)))
        .then(() => subscription.listening?.())
        .catch(() => undefined);
    else this.ensure();
    return () => {
      this.subscriptions.delete(subscription);
      const still = new Set([...this.subscriptions].flatMap((s) => s.channels));
      const gone = subscription.channels.filter((channel) => !still.has(channel));
      const current = this.client;
      if (current && gone.length > 0)
        void this.exclusive(current, () => current.query(listenSql(gone, 'UNLISTEN'))).catch(() => undefined);
    };
  }

  /** Listens, unless it does already or there is nothing to listen for (called when the link connects). */
  ensure(): void {
    if (this.closed || this.client || this.opening || this.subscriptions.size === 0) return;
    if (!this.options.connected()) return;
    if (!this.options.client) return this.poll();
    this.opening = this.open().finally(() => {
      this.opening = null;
    });
  }

  /**
   * Runs `work` on the listening connection when it is free (or frees within `waitMs`); null when it is not
   * there or stays busy, and the caller takes a pooled connection. A transaction `work` leaves open is rolled
   * back: the connection goes on listening for everyone.
   */
  async lease<T>(work: (client: pg.Client) => Promise<T>): Promise<{ value: T } | null> {
    const client = this.client;
    if (!client) return null;
    if (this.running) {
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise((resolve) => (timer = setTimeout(resolve, this.options.waitMs ?? 200)));
      await Promise.race([this.running.catch(() => undefined), waited]);
      clearTimeout(timer);
      if (this.busy || this.client !== client) return null;
    }
    return { value: await this.exclusive(client, () => work(client)) };
  }

  private get busy(): boolean {
    return this.running !== null;
  }

  /** Ends the listening connection (another server is used now); it is made again when the link connects. */
  async drop(): Promise<void> {
    await this.opening;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.poller) clearInterval(this.poller);
    await this.opening;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
    for (const subscription of this.subscriptions) subscription.ended?.();
    this.subscriptions.clear();
  }

  private async exclusive<T>(client: pg.Client, work: () => Promise<T>): Promise<T> {
    while (this.running) await this.running.catch(() => undefined);
    const running = (async () => {
      try {
        return await work();
      } finally {
        const status = (client as unknown as { getTransactionStatus(): string | null }).getTransactionStatus();
        if (status === 'T' || status === 'E') await client.query('ROLLBACK').catch(() => undefined);
      }
    })();
    this.running = running;
    try {
      return await running;
    } finally {
      if (this.running === running) this.running = null;
    }
  }

  /**
   * Through a pooler in transaction mode LISTEN never hears anything (the server connection is another
   * desk's between transactions): every channel is taken as notified every `pollMs` while the link is up.
   */
  private poll(): void {
    if (this.poller) return;
    const tell = (each: (subscription: NoticeSubscription) => void) => {
      if (this.options.connected()) for (const subscription of this.subscriptions) each(subscription);
    };
    tell((subscription) => subscription.listening?.());
    this.poller = setInterval(
      () => tell((subscription) => subscription.channels.forEach((channel) => subscription.heard(channel, undefined))),
      this.options.pollMs ?? 5_000,
    );
    this.poller.unref?.();
  }

  private async open(): Promise<void> {
    const client = this.options.client!();
    const lost = (error?: Error) => {
      if (this.client !== client) return;
      this.client = null;
      if (error) this.options.logger.warn({ err: errorMessage(error) }, 'team notices: connection lost');
      void client.end().catch(() => undefined);
      this.again();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      for (const subscription of this.subscriptions)
        if (subscription.channels.includes(message.channel)) subscription.heard(message.channel, message.payload);
    });
    try {
      await client.connect();
    } catch (error) {
      return this.notListening(client, error, true);
    }
    try {
      await client.query(listenSql(new Set([...this.subscriptions].flatMap((s) => s.channels))));
    } catch (error) {
      return this.notListening(client, error, false);
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    for (const subscription of this.subscriptions) subscription.listening?.();
  }

  /**
   * Listening failed: tried again after a while. A connection that could not even be made is told to the
   * link, so a sign-in IT refused meanwhile shows at once and not at the next work that needs the database.
   */
  private async notListening(client: pg.Client, error: unknown, connecting: boolean): Promise<void> {
    await client.end().catch(() => undefined);
    this.options.logger.warn({ err: errorMessage(error) }, 'team notices: could not listen');
    if (connecting && !this.closed) this.options.cannotConnect?.(error);
    this.again();
  }

  /** Listens again after a while, if the link is still connected (else its healing calls `ensure`). */
  private again(): void {
    if (this.closed || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.ensure();
    }, this.options.retryMs ?? 1_000);
    this.retry.unref?.();
  }
}
