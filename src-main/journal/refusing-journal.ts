// The journal's stand-in while the real one cannot be trusted or opened: it holds nothing, and recording a
// write throws, so no write is ever sent without its entry. Reads answer empty.
import type { Journal } from './journal';

export class JournalRefusedError extends Error {
  override readonly name = 'JournalRefusedError';
}

export function refusingJournal(refusal: string): Journal {
  const refuse = (): never => {
    throw new JournalRefusedError(refusal);
  };
  return {
    refusal,
    recoveredAtOpen: 0,
    events: { journalId: () => null, eventsAfter: () => [], countAfter: () => 0, lastSeq: () => 0 },
    begin: refuse,
    settle: refuse,
    reconcile: refuse,
    acknowledgeResend: refuse,
    recordEvidence: refuse,
    recentSuccess: () => null,
    get: () => null,
    list: () => ({ entries: [], total: 0 }),
    unresolved: () => [],
    blockingUnknown: () => null,
    priorWrites: () => new Map(),
    findByResultId: () => null,
    latestOfBatchRow: () => null,
    openWrites: () => [],
    verify: async () => ({
      ok: false,
      events: 0,
      startedAt: null,
      adoptedEntries: 0,
      keyedFrom: null,
      firstBad: { seq: null, entryId: null, at: null, problem: refusal },
      anchor: { seq: null, at: null, problem: null },
    }),
    latestEventHash: () => null,
    close: () => undefined,
    anchored: async () => undefined,
  };
}
