// Letting a write whose outcome is unknown be sent again: only after one more look for what it may have
// created (a resend would then create a second one), and only for an entry still of unknown outcome.
import { WRITE_KINDS, nounOf, type SingleWrite } from '../../src-shared/ipc/write-kinds';
import type { JournalEntry } from '../../src-shared/ipc/channels/journal';
import { err, type Result } from '../../src-shared/ipc/result';
import type { Logger } from '../ports/ports';
import type { Reconciliation, ReconcileScene } from './reconciliation';

export interface ResendDeps {
  scene: () => Promise<ReconcileScene>;
  reconciliation: Pick<Reconciliation, 'reconcile' | 'reconcileAccounts'>;
  changed: (entry: JournalEntry) => void;
  warn: (what: string, e: unknown) => void;
  logger?: Logger | undefined;
}

/** Marks journal entry `id` as allowed to resend, after a last look; refuses what did create a record. */
export async function acknowledgeResend(deps: ResendDeps, id: string): Promise<Result<JournalEntry>> {
  const { environmentId, journal } = await deps.scene();
  const before = journal.get(id);
  if (!before || before.environmentId !== environmentId) {
    return err('not_found', `Journal entry ${id} is not in this environment's journal.`, { field: 'id' });
  }
  // One more look first, the way its kind is found (a local look first where the kind has one, then the
  // service): if the record turned up, a resend would create a second one.
  try {
    if (WRITE_KINDS[before.operation].reconcile === 'clientReference') await deps.reconciliation.reconcile();
    if (journal.get(id)?.outcome === 'outcome_unknown') await deps.reconciliation.reconcileAccounts({ force: true });
  } catch (e) {
    deps.warn('reconciliation before a resend failed', e);
  }
  const entry = journal.get(id)!;
  const noun = nounOf({ operation: entry.operation, input: entry.request } as SingleWrite);
  if (entry.outcome === 'reconciled' || entry.outcome === 'succeeded') {
    return err(
      'conflict',
      `This request did create ${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun} (${entry.resultId}). Sending it again would create a second one.`,
      { journalEntryId: id },
    );
  }
  if (entry.outcome !== 'outcome_unknown') {
    return err(
      'conflict',
      `Only a request whose outcome is unknown can be allowed to resend; this one is ${entry.outcome}.`,
      { journalEntryId: id },
    );
  }
  if (entry.resendAcknowledged) return { ok: true, data: entry };
  const acknowledged = journal.acknowledgeResend(id);
  deps.logger?.info({ journalId: id, operation: entry.operation }, 'resend allowed by the user');
  deps.changed(acknowledged);
  return { ok: true, data: acknowledged };
}
