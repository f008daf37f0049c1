// Whether a previewed batch may start: not started already, only rows already issued sent again on
// request, the number of cards the operator typed, something to send, and no other batch of the same file
// still open.
import { err, type Err } from '../../src-shared/ipc/result';
import type { BatchStore, StoredBatch } from './batch-store';
import { dateTimeText } from '../../src-shared/api/day-text';

/** Why `batch` may not start with these rows, or null when it may. */
export function startRefusal(
  store: BatchStore,
  batch: StoredBatch,
  { cards, issueAgainRows }: { cards: number; issueAgainRows: number[] },
): Err | null {
  if (batch.state !== 'ready') {
    return err('conflict', `This batch was started already (${batch.state}). Use Resume, or preview the file again.`);
  }
  const rows = store.rows(batch.id);
  const wrong = issueAgainRows.filter((n) => rows.find((r) => r.row === n)?.status !== 'already_issued');
  if (wrong.length > 0) {
    return err('validation', `Only rows already issued can be issued again; not row ${wrong.join(', ')}.`, {
      field: 'issueAgainRows',
    });
  }
  const toSend = rows.filter((r) => r.status === 'ready').length + new Set(issueAgainRows).size;
  if (cards !== toSend) {
    return err('validation', `The batch sends ${toSend} cards, not ${cards}. Type the number of cards to send.`, {
      field: 'cards',
    });
  }
  if (toSend === 0) return err('validation', 'No row of this batch is ready to send.', { field: 'batchId' });
  const sameFileOpen = store
    .sameFile(batch.environmentId, batch.fileHash, batch.id)
    .find((b) => b.state === 'running' || b.state === 'paused' || b.state === 'interrupted');
  if (sameFileOpen) {
    return err(
      'conflict',
      `Another batch of the same file (started ${dateTimeText(sameFileOpen.createdAt)}) is ${sameFileOpen.state}. Finish or cancel it first.`,
    );
  }
  return null;
}
