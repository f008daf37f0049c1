// The team's claim of a write, as the issuing room asks for it before sending (issuing/journaled-write.ts)
// and the team room gives it from the team database (team/team-claims-store.ts); core wires one to the other.
// Types only. Without a team database there is no claims port and the desk's own guard is the whole guard.
import type { JournalEntry } from '../../src-shared/ipc/channels/journal';

/** Who holds (or made) the claim of a write, as the team database recorded it. */
export interface ClaimHolder {
  /** The database login that claimed it (session_user). */
  operator: string;
  deskName: string;
  /** When it was claimed (ISO). */
  since: string;
  /** `in_flight`, `outcome_unknown`: still open; `succeeded`, `reconciled`: done, with what it created. */
  state: 'in_flight' | 'outcome_unknown' | 'succeeded' | 'reconciled';
  /** When its outcome became known (ISO), for a settled claim. */
  settledAt: string | null;
  resultId: string | null;
  /** The journal entry of the write on the desk that claimed it. */
  entryId: string;
}

export interface ClaimRequest {
  environmentId: string;
  /** What makes two writes the same across desks (issuing/claim-answers.ts: the address and the fingerprint). */
  fingerprint: string;
  operation: JournalEntry['operation'];
  /** The journal entry the write will be recorded under on this desk. */
  entryId: string;
  /** A success of the same write on another desk after this (ISO) refuses it unless the operator confirmed. */
  repeatSince: string | null;
}

export type ClaimAnswer =
  /** Claimed: this desk may send it, and settles the claim with its outcome. */
  | { kind: 'claimed' }
  /** The environment has no team database: the desk's own guard decides. */
  | { kind: 'no_team' }
  /** Another desk is sending it, or sent it and its outcome is unknown. */
  | { kind: 'held'; holder: ClaimHolder }
  /** Another desk issued it moments ago (within the repeat window). */
  | { kind: 'issued'; holder: ClaimHolder }
  /**
   * The team database cannot be asked: `where` names it; `why`: it cannot be reached, the operator is not
   * signed in to it on this desk, or it answered with an error (`detail`). `required`: the policy
   * (`teamRequiredForWrites`) refuses writes then; otherwise the desk sends with its own guard.
   */
  | {
      kind: 'unavailable';
      where: string;
      why: 'unreachable' | 'signed_out' | 'refused';
      detail: string;
      required: boolean;
    };

export type ClaimUnavailable = Extract<ClaimAnswer, { kind: 'unavailable' }>;

export interface WriteClaims {
  /**
   * Without asking the database: why a write of the environment could not be claimed now (the desk is not
   * signed in, or its link is down), or null. Before a batch starts, so it is refused whole, not row by row.
   */
  standing(environmentId: string): ClaimUnavailable | null;
  /** Claims the write in one transaction before it is sent; never throws (a failure is `unavailable`). */
  claim(request: ClaimRequest): Promise<ClaimAnswer>;
  /** Brings the claim of the journal entry up to its outcome (succeeded, failed, unknown, reconciled, resend
   * allowed); best effort: what cannot be done now is done when the database answers again. Never throws. */
  follow(entry: JournalEntry): Promise<void>;
  /** Closes the claim of a write that was claimed and then not sent (its journal entry could not be written). */
  release(entryId: string): Promise<void>;
}
