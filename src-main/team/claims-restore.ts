// After the link (re)connects, the claims of this desk's open writes are claimed again where the database
// lacks them: with asynchronous replication a primary that failed over can lose the last claims it took, and
// a write still in flight or of unknown outcome must stay claimed so that no other desk sends it. The desk's
// journal is the truth: each open write (sent and not answered, or an unknown outcome nobody allowed to be
// resent) whose entry has no claim of this desk is claimed again and brought to the entry's outcome. Nothing
// is sent to the API here. A fingerprint another desk claimed meanwhile (only possible after such a loss)
// cannot be claimed again: that is said in the log, naming the entry.
import type { PoolClient } from 'pg';
import type { JournalEntry } from '../../src-shared/ipc/channels/journal';
import type { OpenWrite } from '../journal/journal-reads';
import type { Journal } from '../journal/journal';
import type { Logger } from '../ports/ports';
import { errorMessage } from '../errors/error-message';
import type { TeamLink } from './team-link';
import type { Desk } from './team-settings';

export interface RestoreResult {
  /** Claims the database lacked and now holds again. */
  restored: number;
  /** Entries whose fingerprint another desk holds open now: not claimed again. */
  takenElsewhere: string[];
}

/**
 * Claims again, on `client`, this desk's open writes the database holds no claim of; `teamFingerprint` makes
 * a write's team fingerprint from its address and the journal's fingerprint (as issuing claimed it);
 * `follow` brings a claim to its entry's outcome.
 */
export async function restoreClaims(
  client: PoolClient,
  input: {
    open: OpenWrite[];
    desk: Desk;
    teamFingerprint: (origin: string, fingerprint: string) => string;
    follow: (client: PoolClient, entry: JournalEntry) => Promise<void>;
    logger: Logger;
  },
): Promise<RestoreResult> {
  const result: RestoreResult = { restored: 0, takenElsewhere: [] };
  // A write from before addresses were journaled cannot be fingerprinted as it was claimed: left as it is.
  const open = input.open.filter((w): w is OpenWrite & { origin: string } => w.origin !== null);
  if (open.length === 0) return result;
  const { rows } = await client.query<{ entry_id: string }>(
    'SELECT entry_id FROM card_desk.write_claims WHERE desk_id = $1 AND entry_id = ANY($2::text[])',
    [input.desk.id, open.map((w) => w.entry.id)],
  );
  const held = new Set(rows.map((r) => r.entry_id));
  for (const { entry, origin } of open) {
    if (held.has(entry.id)) continue;
    try {
      await client.query(
        `INSERT INTO card_desk.write_claims (fingerprint, operation, entry_id, desk_id, desk_name)
         VALUES ($1, $2, $3, $4, $5)`,
        [input.teamFingerprint(origin, entry.fingerprint), entry.operation, entry.id, input.desk.id, input.desk.name],
      );
    } catch (error) {
      if ((error as { code?: string }).code !== '23505') throw error;
      result.takenElsewhere.push(entry.id);
      input.logger.error(
        { journalId: entry.id, operation: entry.operation },
        'team claims: after a failover another desk holds the claim of an open write of this desk',
      );
      continue;
    }
    await input.follow(client, entry);
    result.restored++;
  }
  if (result.restored > 0)
    input.logger.warn({ restored: result.restored }, 'team claims: open writes claimed again the database lacked');
  return result;
}

export interface OpenClaimsRestorerOptions {
  journal: () => Journal;
  teamFingerprint: (origin: string, fingerprint: string) => string;
  /** Brings this desk's claim of `entry` to the entry's outcome. */
  follow: (client: PoolClient, entry: JournalEntry, desk: Desk) => Promise<void>;
  /** Longest wait for the database (then it is tried again at the next claim or catch-up). */
  waitMs: number;
  logger: Logger;
}

/** Restores the claims once for each connection of the link; one run at a time, tried again until done. */
export class OpenClaimsRestorer {
  private restored: { link: TeamLink; connection: number } | null = null;
  private running: Promise<void> | null = null;

  constructor(private readonly options: OpenClaimsRestorerOptions) {}

  ensure(link: TeamLink, environmentId: string, desk: Desk): Promise<void> {
    const connection = link.connection;
    if (this.restored?.link === link && this.restored.connection === connection) return Promise.resolve();
    this.running ??= this.run(link, environmentId, desk)
      .then(() => {
        this.restored = { link, connection };
      })
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  private async run(link: TeamLink, environmentId: string, desk: Desk): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('the team database did not answer in time')), this.options.waitMs);
    });
    const work = link.use((client) =>
      restoreClaims(client, {
        open: this.options.journal().openWrites(environmentId),
        desk,
        teamFingerprint: this.options.teamFingerprint,
        follow: (c, entry) => this.options.follow(c, entry, desk),
        logger: this.options.logger,
      }),
    );
    try {
      await Promise.race([work, late]);
    } catch (error) {
      this.options.logger.warn({ err: errorMessage(error) }, 'team claims of open writes wait to be restored');
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }
}
