// One write (POST /cards or POST /accounts), sent at most once: refused while an identical one is in
// flight or has an unknown outcome nobody allowed to resend, held for the operator's confirmation when
// an identical one succeeded minutes ago, recorded in the journal before it is sent, and settled in the
// journal when the answer comes.
import type { JournalEntry } from '../../src-shared/ipc/channels/journal';
import { randomUUID } from 'node:crypto';
import { WRITE_KINDS } from '../../src-shared/ipc/write-kinds';
import { err, ok, type Err, type Result } from '../../src-shared/ipc/result';
import type { ApiResult } from '../api/types';
import type { Logger } from '../ports/ports';
import type { Journal, JournalOperation } from '../journal/journal';
import { fingerprintOf } from '../journal/fingerprint';
import type { InFlightWrites } from './in-flight';
import { errorMessage } from '../errors/error-message';
import type { WriteClaims } from '../ports/claims-port';
import { claimRefusal, teamFingerprint } from './claim-answers';

export interface WriteContext {
  environmentId: string;
  /** The address (origin) the write goes to, recorded in its journal entry. */
  origin: string;
  journal: Journal;
  inFlight: InFlightWrites;
  changed: (entry: JournalEntry) => void;
  logger?: Logger;
  now?: () => number;
  /** How long after a success an identical write needs the operator's confirmation (default 10 minutes). */
  repeatWindowMs?: number;
  /** The customer's name for "You issued this card to Ada Obi…", when it can be found. */
  customerName?: (customerId: string) => Promise<string | null>;
  /** The team database's claims (claim-answers.ts), when the environment has one. */
  claims?: WriteClaims;
}

/** Ten minutes: an identical write this soon after a success is far more likely a slip than a wish. */
export const REPEAT_WINDOW_MS = 10 * 60_000;

export interface WriteSpec<T> {
  operation: JournalOperation;
  /** "card", "wallet", "account": what the user is creating, for messages. */
  noun: string;
  /** The request as the user asked for it (any client reference in it is ignored). */
  request: object;
  /** A fresh client reference for this attempt, or null when the operation has none. */
  clientReference: string | null;
  /** Called with the request to send (client reference included); must not retry. */
  send: (request: object) => Promise<ApiResult<T>>;
  resultIdOf: (data: T) => string;
  /** Before refusing because of an unknown outcome: a last look for the record it may have created. */
  recheckUnknown?: () => Promise<void>;
  /** Called before sending; true stops the write (the user cancelled before anything went out). */
  cancelled?: () => boolean;
  /** The operator saw that an identical write succeeded moments ago and asked for another. */
  confirmRepeat?: boolean;
  /** The batch (issue from a file) and row this write belongs to, recorded on its journal entry. */
  batch?: { batchId: string; row: number };
}

export type WriteOutcome<T> =
  | { kind: 'refused'; result: Result<T> }
  /** `note`: said with the answer (a write sent on this desk's own guard because the team could not be asked). */
  | { kind: 'answered'; entry: JournalEntry; result: ApiResult<T>; note: string | null };

const inFlightMessage = (noun: string) =>
  `An identical ${noun} request is already being sent. Wait for its answer before sending it again.`;

const unknownMessage = (noun: string, entry: JournalEntry) =>
  `An identical ${noun} request sent at ${entry.at} has an unknown outcome, so the ${noun} may already exist. ` +
  `Check the Journal before sending it again; it can be resent only after you allow it there.`;

const customerIdOf = (request: object): string | null => {
  const id = (request as { customerId?: unknown }).customerId;
  return typeof id === 'string' && id !== '' ? id : null;
};

/** "You issued this card to Ada Obi 2 minutes ago: issue another?" */
/** "less than a minute ago", "2 minutes ago", "3 hours ago", "2 days ago" (a reconciled write may be older). */
function ago(minutes: number): string {
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'} ago`;
  if (minutes < 1) return 'less than a minute ago';
  if (minutes < 120) return unit(minutes, 'minute');
  if (minutes < 48 * 60) return unit(Math.floor(minutes / 60), 'hour');
  return unit(Math.floor(minutes / (24 * 60)), 'day');
}

export function repeatMessage(noun: string, customerName: string | null, minutesAgo: number): string {
  const [did, again] = noun === 'card' ? ['issued', 'issue'] : ['opened', 'open'];
  const to = customerName ? `${noun === 'card' ? ' to' : ' for'} ${customerName}` : '';
  return `You ${did} this ${noun}${to} ${ago(minutesAgo)}: ${again} another?`;
}

async function repeatRefusal(
  ctx: WriteContext,
  spec: WriteSpec<unknown>,
  fingerprint: string,
): Promise<Result<never> | null> {
  if (spec.confirmRepeat) return null;
  const now = ctx.now?.() ?? Date.now();
  const since = new Date(now - (ctx.repeatWindowMs ?? REPEAT_WINDOW_MS)).toISOString();
  const earlier = ctx.journal.recentSuccess(ctx.environmentId, fingerprint, since);
  if (!earlier) return null;
  const customerId = customerIdOf(spec.request);
  let customerName: string | null = null;
  if (customerId && ctx.customerName) customerName = await ctx.customerName(customerId).catch(() => null);
  const minutesAgo = Math.max(0, Math.floor((now - Date.parse(earlier.at)) / 60_000));
  return err('conflict', repeatMessage(spec.noun, customerName, minutesAgo), {
    repeatOf: {
      journalEntryId: earlier.id,
      at: earlier.at,
      minutesAgo,
      resultId: earlier.resultId,
      noun: spec.noun,
      customerName,
    },
  });
}

/** Puts the client reference into `metadata.clientReference`, replacing any the caller sent. */
export function withClientReference(request: object, clientReference: string | null): object {
  if (!clientReference) return request;
  const metadata = (request as { metadata?: Record<string, unknown> }).metadata ?? {};
  return { ...request, metadata: { ...metadata, clientReference } };
}

export async function journaledWrite<T>(ctx: WriteContext, spec: WriteSpec<T>): Promise<WriteOutcome<T>> {
  const { environmentId, journal, inFlight, logger } = ctx;
  // A journal that cannot be trusted records nothing, so nothing is sent.
  if (journal.refusal) return { kind: 'refused', result: err('forbidden', journal.refusal) };
  const fingerprint = fingerprintOf(spec.operation, spec.request);
  const key = `${environmentId}\n${fingerprint}`;
  if (!inFlight.claim(key)) return { kind: 'refused', result: err('conflict', inFlightMessage(spec.noun)) };
  try {
    if (journal.blockingUnknown(environmentId, fingerprint) && spec.recheckUnknown) await spec.recheckUnknown();
    const blocking = journal.blockingUnknown(environmentId, fingerprint);
    if (blocking) {
      return {
        kind: 'refused',
        result: err('conflict', unknownMessage(spec.noun, blocking), { journalEntryId: blocking.id }),
      };
    }
    const repeat = await repeatRefusal(ctx, spec as WriteSpec<unknown>, fingerprint);
    if (repeat) return { kind: 'refused', result: repeat };
    if (spec.cancelled?.())
      return { kind: 'refused', result: err('cancelled', 'The request was cancelled before it was sent.') };

    // Claimed across desks before it is written and sent; the entry is written under the id claimed.
    const entryId = randomUUID();
    const claimed = await claimAcrossDesks(ctx, spec as WriteSpec<unknown>, fingerprint, entryId);
    if ('ok' in claimed) return { kind: 'refused', result: claimed };

    const toSend = withClientReference(spec.request, spec.clientReference);
    let entry: JournalEntry;
    try {
      entry = journal.begin({
        id: entryId,
        environmentId,
        origin: ctx.origin,
        operation: spec.operation,
        request: toSend,
        clientReference: spec.clientReference,
        fingerprint,
        batch: spec.batch ?? null,
      });
    } catch (e) {
      logger?.error({ operation: spec.operation, error: errorMessage(e) }, 'journal write failed; request not sent');
      await ctx.claims?.release(entryId);
      return {
        kind: 'refused',
        result: err(
          'internal',
          `Card Desk could not record the ${spec.noun} request in its journal, so it did not send it. Nothing was created.`,
        ),
      };
    }
    ctx.changed(entry);

    let result: ApiResult<T>;
    try {
      result = await spec.send(toSend);
    } catch (e) {
      // The client answers failures as values; a throw means something unforeseen after the entry was
      // written, so whether the request went out is not known.
      logger?.error(
        { operation: spec.operation, journalId: entry.id, error: errorMessage(e) },
        'write failed unexpectedly',
      );
      result = {
        ok: false,
        error: {
          kind: 'outcome_unknown',
          message: `Card Desk hit an unexpected error while sending the ${spec.noun} request, so it may or may not have been created.`,
        },
      };
    }
    try {
      entry = journal.settle(
        entry.id,
        result.ok
          ? { outcome: 'succeeded', resultId: spec.resultIdOf(result.data) }
          : result.error.kind === 'outcome_unknown'
            ? { outcome: 'outcome_unknown', error: result.error.message }
            : { outcome: 'failed', error: result.error.message },
      );
      ctx.changed(entry);
    } catch (e) {
      // The answer stands; the entry stays pending and is treated as unknown after a restart.
      logger?.error(
        { operation: spec.operation, journalId: entry.id, error: errorMessage(e) },
        'journal settle failed',
      );
    }
    // The other desks see the outcome as soon as it is known (what fails now is done when the database is back).
    await ctx.claims?.follow(entry);
    logger?.info({ operation: spec.operation, journalId: entry.id, outcome: entry.outcome }, 'write answered');
    if (claimed.note) logger?.warn({ operation: spec.operation, journalId: entry.id }, claimed.note);
    return { kind: 'answered', entry, result, note: claimed.note };
  } finally {
    inFlight.release(key);
  }
}

/** The team's claim of the write (none without a team database): a refusal, or a go with its note. */
async function claimAcrossDesks(
  ctx: WriteContext,
  spec: WriteSpec<unknown>,
  fingerprint: string,
  entryId: string,
): Promise<Err | { note: string | null }> {
  // Claimed only where the team has a database, and for the kinds the registry says are claimed.
  if (!ctx.claims || !WRITE_KINDS[spec.operation].teamClaim) return { note: null };
  const now = ctx.now?.() ?? Date.now();
  const answer = await ctx.claims.claim({
    environmentId: ctx.environmentId,
    fingerprint: teamFingerprint(ctx.origin, fingerprint),
    operation: spec.operation,
    entryId,
    repeatSince: spec.confirmRepeat ? null : new Date(now - (ctx.repeatWindowMs ?? REPEAT_WINDOW_MS)).toISOString(),
  });
  return claimRefusal(spec.noun, answer, now);
}

/** The answer as the renderer sees it: an unknown outcome names its journal entry and says what to do. */
export function answerOf<T>(outcome: WriteOutcome<T>, unknownAdvice: string): Result<T> {
  if (outcome.kind === 'refused') return outcome.result;
  const { result, entry, note } = outcome;
  const noted = note ? ` ${note}` : '';
  if (result.ok) return note ? { ...ok(result.data), notice: note } : ok(result.data);
  if (result.error.kind === 'outcome_unknown') {
    return err('outcome_unknown', `${result.error.message} ${unknownAdvice}${noted}`, { journalEntryId: entry.id });
  }
  return { ok: false, error: { ...result.error, journalEntryId: entry.id } };
}
