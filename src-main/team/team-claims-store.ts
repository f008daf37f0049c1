// Never twice across desks, on the team database's side: a write's team fingerprint is claimed in
// card_desk.write_claims in one transaction before the desk sends it (one open claim per fingerprint: a
// second desk finds who holds it), and the claim follows the journal entry's outcome (succeeded, failed,
// unknown, then reconciled or released for a resend). What cannot be written when it happens (the database
// away) is caught up from this desk's journal when it answers again, so an unknown outcome stays claimed
// until it is reconciled and a settled write stops blocking. Who claimed and who settled are stamped by the
// database (session_user); the desk never sends a name. The wording of each answer is issuing's.
import type { PoolClient } from 'pg';
import type { JournalEntry } from '../../src-shared/ipc/channels/journal';
import { errorMessage } from '../errors/error-message';
import type { Journal } from '../journal/journal';
import type { Logger } from '../ports/ports';
import type { ClaimAnswer, ClaimHolder, ClaimRequest, ClaimUnavailable, WriteClaims } from '../ports/claims-port';
import { OpenClaimsRestorer } from './claims-restore';
import type { TeamLink } from './team-link';
import type { ClaimsScene } from './team-service';
import type { Desk } from './team-settings';

export interface TeamWriteClaimsOptions {
  team: { claimsScene(environmentId?: string): ClaimsScene | null };
  journal: () => Journal;
  /** The policy's `teamRequiredForWrites` (default true): no write while the team database cannot be asked. */
  required: boolean;
  logger: Logger;
  /**
   * A write's team fingerprint from its address and the journal's fingerprint, as issuing claims it: the
   * claims of open writes a failed-over primary lost are made again with it (claims-restore.ts).
   */
  teamFingerprint: (origin: string, fingerprint: string) => string;
  /** How often this desk's open claims are brought up to its journal (default 5 s). */
  catchUpEveryMs?: number;
  /** A claim whose write never reached this desk's journal is closed after this (default 2 minutes). */
  abandonAfterMs?: number;
  /**
   * Longest wait for the database to answer a claim (default 15 s; then the write is treated as not claimable)
   * or to take an outcome (default 5 s; then it is caught up later): a network that drops without a word
   * does not hold the operator's write.
   */
  claimWaitMs?: number;
  followWaitMs?: number;
}

/** `work`, or a failure once `ms` have passed (the work itself goes on, and its result is dropped). */
function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the team database did not answer ${what} within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

type ClaimState = 'in_flight' | 'succeeded' | 'failed' | 'outcome_unknown' | 'reconciled' | 'resend_allowed';

/** The steps that bring a claim to the entry's outcome, each from the states it may follow. */
function stepsFor(entry: JournalEntry): { to: ClaimState; from: ClaimState[]; resultId: string | null }[] {
  const unknown = { to: 'outcome_unknown' as const, from: ['in_flight' as const], resultId: null };
  switch (entry.outcome) {
    case 'succeeded':
      return [{ to: 'succeeded', from: ['in_flight'], resultId: entry.resultId }];
    case 'failed':
      return [{ to: 'failed', from: ['in_flight'], resultId: null }];
    case 'outcome_unknown':
      return entry.resendAcknowledged
        ? [unknown, { to: 'resend_allowed', from: ['outcome_unknown'], resultId: null }]
        : [unknown];
    case 'reconciled':
      return [unknown, { to: 'reconciled', from: ['outcome_unknown'], resultId: entry.resultId }];
    default:
      return [];
  }
}

interface ClaimRow {
  operator: string;
  desk_id: string;
  desk_name: string;
  claimed_at: Date;
  settled_at: Date | null;
  state: ClaimHolder['state'];
  result_id: string | null;
  entry_id: string;
}

const holderOf = (row: ClaimRow): ClaimHolder => ({
  operator: row.operator,
  deskName: row.desk_name,
  since: row.claimed_at.toISOString(),
  settledAt: row.settled_at?.toISOString() ?? null,
  state: row.state,
  resultId: row.result_id,
  entryId: row.entry_id,
});

const OPEN = `state IN ('in_flight', 'outcome_unknown')`;

/** An open claim of the fingerprint, else (unless `repeatSince` is null) a success elsewhere since then. */
async function blocking(client: PoolClient, request: ClaimRequest, desk: Desk): Promise<ClaimRow | null> {
  const { rows } = await client.query<ClaimRow>(
    `SELECT operator, desk_id::text, desk_name, claimed_at, settled_at, state, result_id, entry_id
       FROM card_desk.write_claims
      WHERE fingerprint = $1
        AND (${OPEN} OR ($2::timestamptz IS NOT NULL AND state IN ('succeeded', 'reconciled')
                         AND settled_at >= $2::timestamptz AND desk_id <> $3::uuid))
      ORDER BY (${OPEN}) DESC, claimed_at DESC LIMIT 1`,
    [request.fingerprint, request.repeatSince, desk.id],
  );
  return rows[0] ?? null;
}

type Claimed = { kind: 'claimed' } | { kind: 'held' | 'issued'; holder: ClaimHolder; own: boolean };

/** One transaction: what blocks the write, else the claim. Two desks at once: the unique index lets one in. */
async function claimIn(client: PoolClient, request: ClaimRequest, desk: Desk): Promise<Claimed> {
  for (let attempt = 0; ; attempt++) {
    await client.query('BEGIN');
    try {
      const row = await blocking(client, request, desk);
      if (row) {
        await client.query('ROLLBACK');
        const open = row.state === 'in_flight' || row.state === 'outcome_unknown';
        return { kind: open ? 'held' : 'issued', holder: holderOf(row), own: row.desk_id === desk.id };
      }
      await client.query(
        `INSERT INTO card_desk.write_claims (fingerprint, operation, entry_id, desk_id, desk_name)
         VALUES ($1, $2, $3, $4, $5)`,
        [request.fingerprint, request.operation, request.entryId, desk.id, desk.name],
      );
      await client.query('COMMIT');
      return { kind: 'claimed' };
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      // Another desk's claim of it committed first: read who holds it (again, should it be settled already).
      if ((error as { code?: string }).code !== '23505' || attempt >= 2) throw error;
    }
  }
}

export class TeamWriteClaims implements WriteClaims {
  private readonly timer: NodeJS.Timeout;
  private catchingUp: Promise<void> | null = null;
  /** This desk's open writes claimed again at each connection (claims-restore.ts). */
  private readonly restorer: OpenClaimsRestorer;

  constructor(private readonly options: TeamWriteClaimsOptions) {
    this.timer = setInterval(() => void this.catchUp(), options.catchUpEveryMs ?? 5_000);
    this.timer.unref?.();
    this.restorer = new OpenClaimsRestorer({
      journal: options.journal,
      teamFingerprint: options.teamFingerprint,
      follow: followIn,
      waitMs: options.claimWaitMs ?? 15_000,
      logger: options.logger,
    });
  }

  standing(environmentId: string): ClaimUnavailable | null {
    const scene = this.options.team.claimsScene(environmentId);
    if (!scene) return null;
    const state = scene.link?.status.state;
    return state === 'connected' || state === 'connecting' ? null : this.unavailableIn(scene);
  }

  async claim(request: ClaimRequest): Promise<ClaimAnswer> {
    const scene = this.options.team.claimsScene(request.environmentId);
    if (!scene) return { kind: 'no_team' };
    const unavailable = (why: ClaimUnavailable['why'], detail: string): ClaimAnswer => ({
      kind: 'unavailable',
      where: scene.where,
      why,
      detail,
      required: this.options.required,
    });
    const link = scene.link;
    if (link?.status.state === 'connecting') await link.start();
    if (!link || link.status.state !== 'connected') return this.unavailableIn(scene);
    // Before anything new: the open writes the database may have lost (a failover) are claimed again.
    await this.restorer.ensure(link, request.environmentId, scene.desk).catch(() => undefined);
    // Unanswered in time, the claim may still have been made: under the entry id the journal then holds (when
    // sent on the desk's own guard) it is caught up; with no such entry it is closed after abandonAfterMs.
    const claimOnce = () =>
      within(
        this.options.claimWaitMs ?? 15_000,
        'the claim',
        link.use((client) => claimIn(client, request, scene.desk)),
      );
    try {
      let answer = await claimOnce();
      if (answer.kind === 'held' && answer.own) {
        // This desk's own claim that its journal has settled since (the database was away then): catch up.
        await this.catchUp();
        answer = await claimOnce();
      }
      return answer.kind === 'claimed' ? answer : { kind: answer.kind, holder: answer.holder };
    } catch (error) {
      this.options.logger.warn({ err: errorMessage(error) }, 'team claim failed');
      return unavailable(link.status.state === 'connected' ? 'refused' : 'unreachable', errorMessage(error));
    }
  }

  async follow(entry: JournalEntry): Promise<void> {
    const link = this.linkFor(entry.environmentId);
    if (!link) return;
    const desk = this.desk();
    await within(
      this.options.followWaitMs ?? 5_000,
      'the outcome',
      link.use((client) => followIn(client, entry, desk)),
    ).catch((error: unknown) => {
      this.options.logger.warn({ err: errorMessage(error), journalId: entry.id }, 'team claim waits to be settled');
    });
  }

  async release(entryId: string): Promise<void> {
    const link = this.linkFor(null);
    await link
      ?.use((client) =>
        client.query(
          `UPDATE card_desk.write_claims SET state = 'failed' WHERE entry_id = $1 AND desk_id = $2 AND state = 'in_flight'`,
          [entryId, this.desk().id],
        ),
      )
      .catch(() => undefined);
  }

  /** Brings this desk's open claims up to its journal; one run at a time. */
  catchUp(): Promise<void> {
    this.catchingUp ??= this.runCatchUp().finally(() => {
      this.catchingUp = null;
    });
    return this.catchingUp;
  }

  /** The team database of `scene` cannot be asked now: why. */
  private unavailableIn(scene: ClaimsScene): ClaimUnavailable {
    const status = scene.link?.status;
    const why = !scene.link
      ? scene.signedIn
        ? 'unreachable'
        : 'signed_out'
      : status?.state === 'refused'
        ? 'refused'
        : 'unreachable';
    return {
      kind: 'unavailable',
      where: scene.where,
      why,
      detail: status?.problem ?? '',
      required: this.options.required,
    };
  }

  dispose(): void {
    clearInterval(this.timer);
  }

  private desk(): Desk {
    return this.options.team.claimsScene()?.desk ?? { id: '', name: '' };
  }

  /** The active environment's connected link, when `environmentId` (null: any) is the active one. */
  private linkFor(environmentId: string | null): TeamLink | null {
    const scene = this.options.team.claimsScene();
    if (!scene?.link || scene.link.status.state !== 'connected') return null;
    return environmentId === null || scene.environmentId === environmentId ? scene.link : null;
  }

  private async runCatchUp(): Promise<void> {
    const link = this.linkFor(null);
    if (!link) return;
    const scene = this.options.team.claimsScene();
    const desk = this.desk();
    if (scene) await this.restorer.ensure(link, scene.environmentId, desk).catch(() => undefined);
    const abandonAfterMs = this.options.abandonAfterMs ?? 120_000;
    try {
      await link.use(async (client) => {
        const { rows } = await client.query<{ entry_id: string; claimed_at: Date }>(
          `SELECT entry_id, claimed_at FROM card_desk.write_claims WHERE desk_id = $1 AND ${OPEN} ORDER BY claim_id`,
          [desk.id],
        );
        const journal = this.options.journal();
        for (const row of rows) {
          const entry = journal.get(row.entry_id);
          if (entry) await followIn(client, entry, desk);
          else if (Date.now() - row.claimed_at.getTime() > abandonAfterMs)
            // Claimed and never written to the journal (the claim's answer was lost): it was never sent.
            await client.query(
              `UPDATE card_desk.write_claims SET state = 'failed' WHERE entry_id = $1 AND desk_id = $2 AND state = 'in_flight'`,
              [row.entry_id, desk.id],
            );
        }
      });
    } catch (error) {
      this.options.logger.warn({ err: errorMessage(error) }, 'team claims wait to be caught up');
    }
  }
}

/** The claim of `entry` made by this desk, moved forward to the entry's outcome (a no-op when it is there). */
async function followIn(client: PoolClient, entry: JournalEntry, desk: Desk): Promise<void> {
  for (const step of stepsFor(entry)) {
    await client.query(
      `UPDATE card_desk.write_claims SET state = $1, result_id = COALESCE($2, result_id)
        WHERE entry_id = $3 AND desk_id = $4 AND state = ANY($5::text[])`,
      [step.to, step.resultId, entry.id, desk.id, step.from],
    );
  }
}
