// What keeps an update from restarting the app: a write sent and not yet answered, a write whose outcome
// is not known yet (the journal's "Outcome unknown", until it is reconciled), and a batch of cards being
// issued. A restart then would leave the operator unsure what the service did, so it waits, and says why.

export interface UnsettledWrites {
  /** Writes sent and not yet answered (the journal's pending entries). */
  pending: number;
  /** Writes whose outcome is not known yet (the journal's outcome_unknown entries). */
  unknown: number;
  /** Batches issuing cards from a file that are running now. */
  runningBatches: number;
}

export const NO_UNSETTLED_WRITES: UnsettledWrites = { pending: 0, unknown: 0, runningBatches: 0 };

const count = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);

/** Why a restart must wait, in the operator's words; null when nothing is unsettled. */
export function restartWaitReason(writes: UnsettledWrites): string | null {
  const reasons: string[] = [];
  if (writes.pending > 0)
    reasons.push(`${count(writes.pending, 'A write is', 'writes are')} still waiting for the service's answer`);
  if (writes.unknown > 0)
    reasons.push(
      writes.unknown === 1
        ? 'a write has an unknown outcome until it is reconciled (see the Journal)'
        : `${writes.unknown} writes have an unknown outcome until they are reconciled (see the Journal)`,
    );
  if (writes.runningBatches > 0)
    reasons.push(`${count(writes.runningBatches, 'a batch is', 'batches are')} issuing cards from a file`);
  if (reasons.length === 0) return null;
  const said = reasons.join('; ');
  const total = writes.pending + writes.unknown + writes.runningBatches;
  const until =
    writes.pending === total
      ? total === 1
        ? 'it has arrived'
        : 'they have arrived'
      : total === 1
        ? 'it is settled'
        : 'they are settled';
  return `${said.charAt(0).toUpperCase()}${said.slice(1)}. Restart to update once ${until}.`;
}
