// Never twice across desks: before a write is sent, its team fingerprint is claimed in the team database
// (ports/claims-port.ts, given by team/team-claims-store.ts). A write another desk is sending, or whose outcome
// is unknown there, is refused naming who sends it; one another desk issued moments ago asks "another?";
// a team database that cannot be asked refuses the write (policy `teamRequiredForWrites`, the default) or
// lets the desk's own guard decide and says so. This file words those answers.
import { createHash } from 'node:crypto';
import { format } from 'date-fns';
import { err, type Err } from '../../src-shared/ipc/result';
import type { ClaimAnswer, ClaimHolder } from '../ports/claims-port';

/**
 * What makes two writes the same on any desk: the address the write goes to and the journal's fingerprint
 * (the fields that decide what gets created; never the client reference, which is new for each attempt).
 */
export function teamFingerprint(origin: string, fingerprint: string): string {
  return createHash('sha256').update(`${origin}\n${fingerprint}`).digest('hex');
}

/** A time of day in the operator's local time, as the app shows times (`10:42`). */
function at(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : format(d, 'HH:mm');
}

const verbs = (noun: string) =>
  noun === 'card'
    ? { doing: 'issued', did: 'issued', again: 'issue' }
    : { doing: 'opened', did: 'opened', again: 'open' };

/** "Being issued by alice on DESK-2 since 10:42", or of an unknown outcome, that it stays held. */
export function heldMessage(noun: string, holder: ClaimHolder): string {
  const who = `${holder.operator} on ${holder.deskName}`;
  if (holder.state === 'outcome_unknown')
    return (
      `Sent by ${who} at ${at(holder.since)}, and its outcome is not known yet, so the ${noun} may already exist. ` +
      `It stays held until it is reconciled; Card Desk does not send it again meanwhile.`
    );
  return `Being ${verbs(noun).doing} by ${who} since ${at(holder.since)}. Card Desk does not send it twice: wait for its outcome.`;
}

/** "Already issued by alice on DESK-2 at 10:42: card crd_…. Issue another?" */
export function issuedMessage(noun: string, holder: ClaimHolder): string {
  const v = verbs(noun);
  const what = holder.resultId ? `: ${noun} ${holder.resultId}` : '';
  return `Already ${v.did} by ${holder.operator} on ${holder.deskName} at ${at(holder.settledAt ?? holder.since)}${what}. ${v.again[0]!.toUpperCase()}${v.again.slice(1)} another?`;
}

type Unavailable = Extract<ClaimAnswer, { kind: 'unavailable' }>;

/** Why nothing was sent when the team database cannot be asked and the policy requires it. */
export function unavailableMessage(noun: string, answer: Unavailable): string {
  const cannot = `so Card Desk cannot make sure no other desk is ${noun === 'card' ? 'issuing' : 'opening'} this ${noun}. Nothing was sent.`;
  if (answer.why === 'signed_out')
    return `You are not signed in to the team database ${answer.where} on this desk, ${cannot} Sign in in Settings → Team; reads and search go on.`;
  if (answer.why === 'refused')
    return `The team database ${answer.where} could not record the claim of this ${noun} (${answer.detail}), ${cannot} Reads and search go on; try again, or ask IT.`;
  return `The team database ${answer.where} is unreachable, ${cannot} Reads and search go on; try again when it is back, or ask IT.`;
}

/** Said with a write the desk sent on its own guard because the team database could not be asked. */
export function ownGuardNote(noun: string, answer: Unavailable): string {
  const state = answer.why === 'signed_out' ? 'is not signed in on this desk' : 'could not be asked';
  return `Sent with this desk's own guard only: the team database ${answer.where} ${state}, so other desks were not checked for the same ${noun}.`;
}

/** The refusal a claim answer means, or null when the write may go (with a note, when on its own guard). */
export function claimRefusal(noun: string, answer: ClaimAnswer, now: number): Err | { note: string | null } {
  switch (answer.kind) {
    case 'claimed':
    case 'no_team':
      return { note: null };
    case 'held':
      // No journal entry named: it is in the other desk's journal, not this one's.
      return err('conflict', heldMessage(noun, answer.holder));
    case 'issued': {
      const when = answer.holder.settledAt ?? answer.holder.since;
      return err('conflict', issuedMessage(noun, answer.holder), {
        repeatOf: {
          journalEntryId: answer.holder.entryId,
          at: when,
          minutesAgo: Math.max(0, Math.floor((now - Date.parse(when)) / 60_000)),
          resultId: answer.holder.resultId,
          noun,
          customerName: null,
        },
      });
    }
    case 'unavailable':
      return answer.required
        ? err('forbidden', unavailableMessage(noun, answer))
        : { note: ownGuardNote(noun, answer) };
  }
}
