// A batch's file cells (sealed) are deleted once the batch ended longer ago than the retention period, and
// leave the batch file's bytes (secure_delete); the batch says when, and its results say so for each row. A
// batch still open (paused) keeps them, as does one that ended within the period.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BatchState } from '../../../src-shared/ipc/channels/bulk-issue';
import { openBatchStore, type BatchStore, type StoredRow } from '../../../src-main/bulk-issue/batch-store';
import { inputCellsOf, resultRows, saveResultsCsv } from '../../../src-main/bulk-issue/results';
import { openInputSeal } from '../../../src-main/bulk-issue/input-seal';

let dir: string;
let file: string;
let clock: Date;
let store: BatchStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'batch-inputs-'));
  file = join(dir, 'bulk-issue.sqlite');
  clock = new Date('2026-10-01T09:00:00.000Z');
  store = openBatchStore(file, () => clock);
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A sealed input that is easy to find in the file's bytes. */
const sealedOf = (tag: string) => new Uint8Array(Buffer.from(`SEALED-INPUT-${tag}-${'x'.repeat(40)}`));

function batch(id: string, state: BatchState): void {
  const row: StoredRow = {
    row: 1,
    status: 'ready',
    customerLabel: 'a*****@bank.ng',
    customerId: null,
    candidates: [],
    cardText: null,
    reference: null,
    request: null,
    fingerprint: null,
    message: null,
    toSend: true,
    issueAgain: false,
    outcome: null,
    cardId: null,
    maskedPan: null,
    error: null,
    journalEntryId: null,
    inputSealed: sealedOf(id),
  };
  store.create(
    {
      id,
      environmentId: 'env',
      createdAt: clock.toISOString(),
      fileName: `${id}.csv`,
      fileHash: id,
      state: 'ready',
      inputHeaders: ['customer'],
    },
    [row],
  );
  store.setState(id, 'running');
  store.setState(id, state);
}

describe("a batch's file cells", () => {
  it('are deleted once it ended longer ago than the period, and leave the file', async () => {
    batch('old-done', 'done');
    batch('old-paused', 'paused');
    clock = new Date('2026-11-20T09:00:00.000Z');
    batch('recent-done', 'done');
    clock = new Date('2026-11-27T09:00:00.000Z');
    const cutoff = new Date(clock.getTime() - 30 * 86_400_000).toISOString();

    expect(store.forgetInputsBefore(cutoff)).toBe(1);
    expect(store.rows('old-done')[0]!.inputSealed).toBeNull();
    expect(store.get('old-done')!.inputsDeletedAt).toBe('2026-11-27T09:00:00.000Z');
    expect(store.rows('old-paused')[0]!.inputSealed).toEqual(sealedOf('old-paused'));
    expect(store.get('old-paused')!.inputsDeletedAt).toBeNull();
    expect(store.rows('recent-done')[0]!.inputSealed).toEqual(sealedOf('recent-done'));
    // Asked again, nothing more goes.
    expect(store.forgetInputsBefore(cutoff)).toBe(0);

    // The results CSV says of the row that its own columns were deleted, and when.
    const old = store.get('old-done')!;
    const stored = store.rows('old-done');
    const target = join(dir, 'results.csv');
    await saveResultsCsv(
      { chooseSavePath: async () => target },
      old,
      await resultRows(old, stored, null),
      inputCellsOf(old, stored, await openInputSeal(undefined)),
    );
    expect(readFileSync(target, 'utf8')).toContain(
      "This row's own columns were deleted on 27 Nov 2026, at the end of the retention period.",
    );

    store.close();
    const bytes = readFileSync(file);
    expect(bytes.includes('SEALED-INPUT-old-done')).toBe(false);
    expect(bytes.includes('SEALED-INPUT-old-paused')).toBe(true);
  });
});
