// The desk's journal is the outbox of the team journal: every event of the environment's entries (begun,
// settled, unknown, reconciled, resend allowed, …) is appended to card_desk.journal_events in the journal's
// order and exactly once. Where the desk is up to is read from the team database itself (the highest
// sequence it holds of this desk's journal), so nothing is lost when this desk forgets, and (desk, journal,
// sequence) is unique there, so an event sent again after a lost answer is stored once. An event written
// while the database is away waits in the journal and is sent when the link is back. The database names the
// operator of each row (session_user), so an event goes only over a connection of the login it was written
// under (login-spans.ts); an event of another login waits, with those after it, until that login is back.
import type { Journal } from '../journal/journal';
import type { JournalEventRecord } from '../journal/journal-events';
import type { Logger } from '../ports/ports';
import { errorMessage } from '../errors/error-message';
import type { LoginSpans } from './login-spans';
import { TeamLostError, TeamQueryError, type TeamLink } from './team-link';
import type { Desk } from './team-settings';

export interface OutboxStatus {
  /** Events of this desk not yet in the team database (null until the link has told where it is up to). */
  waiting: number | null;
  /** When the last event reached the team database (ISO), in this run. */
  lastSentAt: string | null;
  /** The login the next event was written under, when another is signed in now: it waits for that login. */
  waitingFor: string | null;
  /**
   * What is wrong with the team journal's copy of this desk's events: the database holds a different event under
   * one of this desk's numbers, or refused this desk's events (another login's desk). Null when nothing is.
   */
  alarm: string | null;
}

export interface JournalOutboxOptions {
  link: TeamLink;
  journal: () => Journal;
  environmentId: string;
  desk: Desk;
  /** Whose each event is: the login signed in when it was written. */
  spans: Pick<LoginSpans, 'loginOf'>;
  logger: Logger;
  /** Events per insert (default 200). */
  batch?: number;
  now?: () => Date;
}

function bodyOf(event: JournalEventRecord): unknown {
  try {
    return JSON.parse(event.body);
  } catch {
    return event.body;
  }
}

/** A run's failure it does not expect (the journal unreadable), logged: nothing was sent. */
function nothingSent(logger: Logger) {
  return (error: unknown): number => {
    logger.error({ err: errorMessage(error) }, 'team journal: sending events failed');
    return 0;
  };
}

export class JournalOutbox {
  /**
   * Where the team database is up to with this desk's journal, once known; `journalId` null: the journal
   * had no event when the database last answered, so whatever it holds now is still to be sent.
   */
  private cursor: { journalId: string | null; seq: number } | null = null;
  private lastSentAt: string | null = null;
  private running: Promise<number> | null = null;

  constructor(private readonly options: JournalOutboxOptions) {}

  status(): OutboxStatus {
    const events = this.options.journal().events;
    const journalId = events.journalId();
    const known = this.cursor !== null && (this.cursor.journalId === journalId || this.cursor.journalId === null);
    const waiting =
      journalId === null ? 0 : known ? events.countAfter(this.options.environmentId, this.cursor!.seq) : null;
    return {
      waiting,
      lastSentAt: this.lastSentAt,
      waitingFor: this.waitingFor,
      alarm: this.conflict ?? this.refusal ?? this.ownerProblem,
    };
  }

  /**
   * After a failover: the new primary may lack the last events the old one took (asynchronous replication),
   * so the next run reads again what it holds of this desk's journal and sends again what is missing.
   */
  recheck(): void {
    this.cursor = null;
    this.rechecks++;
  }

  /** Rechecks so far: a run begun before one does not move the cursor it reset. */
  private rechecks = 0;

  /** Set by `stop`: no run starts, and the one under way ends after its batch. */
  private stopped = false;

  /**
   * The desk closes the link (sign-out, another environment, quit): no run starts from now on, and this
   * resolves once the run under way has ended, so nothing reads the journal after it is closed and a batch
   * the database is taking is not cut off.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.running?.catch(() => undefined);
  }

  /** Sends what waits, when the link is up; one run at a time. Resolves to how many were sent; never rejects. */
  send(): Promise<number> {
    if (this.stopped || this.options.link.status.state !== 'connected') return Promise.resolve(0);
    // Callers send in the background (`void send()`): a failure is logged, never left unhandled.
    this.running ??= this.run()
      .catch(nothingSent(this.options.logger))
      .finally(() => (this.running = null));
    return this.running;
  }

  private async run(): Promise<number> {
    const { link, environmentId, desk } = this.options;
    await this.register();
    if (this.stopped) return 0;
    const events = this.options.journal().events;
    const journalId = events.journalId();
    if (journalId === null) {
      this.cursor = { journalId: null, seq: 0 };
      return 0;
    }
    let sent = 0;
    const rechecks = this.rechecks;
    try {
      if (this.cursor?.journalId === null) this.cursor = { journalId, seq: 0 };
      else if (this.cursor?.journalId !== journalId) this.cursor = { journalId, seq: await this.sentUpTo(journalId) };
      while (!this.stopped) {
        const batch = this.ownBatch(
          journalId,
          events.eventsAfter(environmentId, this.cursor.seq, this.options.batch ?? 200),
        );
        if (batch.length === 0) break;
        const rows = batch.map((e) => ({
          desk_seq: e.seq,
          at: e.at,
          entry_id: e.entryId,
          kind: e.kind,
          body: bodyOf(e),
        }));
        // An event already there under its number is this desk's own, sent before a lost answer, unless its
        // content differs: then the statement answers its number, and that is an alarm, never a silent drop.
        const differing = await link.use((client) =>
          client.query<{ desk_seq: string }>(
            `WITH sent AS (
               SELECT * FROM jsonb_to_recordset($4::jsonb)
                 AS r(desk_seq bigint, at timestamptz, entry_id text, kind text, body jsonb)),
             added AS (
               INSERT INTO card_desk.journal_events (desk_id, desk_name, journal_id, desk_seq, at, entry_id, kind, body)
               SELECT $1, $2, $3, s.desk_seq, s.at, s.entry_id, s.kind, s.body FROM sent s ORDER BY s.desk_seq
               ON CONFLICT (desk_id, journal_id, desk_seq) DO NOTHING)
             SELECT s.desk_seq FROM sent s JOIN card_desk.journal_events e
                 ON e.desk_id = $1 AND e.journal_id = $3 AND e.desk_seq = s.desk_seq
              WHERE (e.at, e.entry_id, e.kind, e.body) IS DISTINCT FROM (s.at, s.entry_id, s.kind, s.body)
              ORDER BY s.desk_seq`,
            [desk.id, desk.name, journalId, JSON.stringify(rows)],
          ),
        );
        if (differing.rows.length > 0) this.raise(differing.rows.map((r) => Number(r.desk_seq)));
        this.refusal = null;
        if (rechecks !== this.rechecks) break;
        this.cursor = { journalId, seq: batch[batch.length - 1]!.seq };
        this.lastSentAt = (this.options.now?.() ?? new Date()).toISOString();
        sent += batch.length;
        if (this.waitingFor) break;
      }
    } catch (error) {
      // The link has said why and heals; the events wait in the journal. A refusal of the database (this
      // desk is another login's) is said as the alarm until it is lifted.
      const refused = isRefusal(error);
      if (refused) this.refusal = `The team database refused this desk's journal events: ${errorMessage(error)}`;
      this.options.logger.warn({ err: errorMessage(error), sent }, 'team journal: events wait for the database');
    }
    return sent;
  }

  /** The login the team database has let write for this desk, as last asked; why not, when it refused. */
  private registeredFor: string | null = null;
  private ownerProblem: string | null = null;

  /**
   * At the first connection of each login: the team database registers this desk to it when the desk is new,
   * or says whose desk it is. Asked again until it agrees (an administrator may add the login meanwhile).
   */
  private async register(): Promise<void> {
    const login = this.options.link.status.login;
    if (login === null || login === this.registeredFor) return;
    try {
      await this.options.link.use((client) =>
        client.query('SELECT card_desk.desk_login_check($1)', [this.options.desk.id]),
      );
      this.registeredFor = login;
      this.ownerProblem = null;
    } catch (error) {
      if (!isRefusal(error)) return;
      this.ownerProblem = `The team database refused this desk's journal events: ${errorMessage(error)}`;
    }
  }

  /**
   * The numbers under which the team journal holds other events than this desk's, kept for as long as this
   * desk runs: those events of the desk are not in the team journal.
   */
  private conflictSeqs: number[] = [];
  private conflict: string | null = null;
  /** The database's refusal of the last batch; lifted by the next batch it takes. */
  private refusal: string | null = null;

  private raise(found: number[]): void {
    const seqs = [...this.conflictSeqs, ...found];
    this.conflictSeqs = seqs;
    const shown = seqs.slice(0, 5).join(', ') + (seqs.length > 5 ? ', …' : '');
    this.conflict =
      `The team journal holds different events under ${seqs.length} of this desk's numbers (${shown}): ` +
      'they were not replaced, and this desk kept its own. Tell the team database administrator.';
    this.options.logger.error(
      { desk: this.options.desk.id, seqs: found.slice(0, 50), count: found.length },
      'team journal: the database holds different events under this desk’s numbers',
    );
  }

  /** The login whose events wait for it to sign in again (null: none). */
  private waitingFor: string | null = null;

  /** The first events of `batch` this connection's login may send: up to the first written under another. */
  private ownBatch(journalId: string, batch: JournalEventRecord[]): JournalEventRecord[] {
    const login = this.options.link.status.login;
    const other = batch.findIndex((e) => {
      const owner = this.options.spans.loginOf(this.options.environmentId, journalId, e.seq);
      return owner !== null && owner !== login;
    });
    const owner =
      other === -1 ? null : this.options.spans.loginOf(this.options.environmentId, journalId, batch[other]!.seq);
    if (owner !== this.waitingFor && owner !== null)
      this.options.logger.info({ waitingFor: owner, login }, 'team journal: events wait for the login that wrote them');
    this.waitingFor = owner;
    return other === -1 ? batch : batch.slice(0, other);
  }

  /**
   * The highest sequence of this desk's journal the team database holds of its own rows: those sent by a login
   * the database lets write for this desk (0: none); a number anyone else wrote is not where the desk is up to.
   */
  private async sentUpTo(journalId: string): Promise<number> {
    const { rows } = await this.options.link.use((client) =>
      client.query<{ seq: string | null }>(
        `SELECT max(e.desk_seq) AS seq FROM card_desk.journal_events e
          WHERE e.desk_id = $1 AND e.journal_id = $2
            AND e.operator IN (SELECT login FROM card_desk.desk_logins WHERE desk_id = $1)`,
        [this.options.desk.id, journalId],
      ),
    );
    return Number(rows[0]?.seq ?? 0);
  }
}

/** The database answered and refused (a lost connection, also a TeamQueryError, is not a refusal). */
const isRefusal = (error: unknown): boolean => error instanceof TeamQueryError && !(error instanceof TeamLostError);
