// Records sealed in groups: the records of several customers of one page (GROUP_BYTES) are sealed together,
// one AES-256-GCM message under the data key (a fresh IV and a tag per group, record-seal.ts), and stored
// as one row of sealed_records; each customer's row names its group (`sealed_in`) and the place of its
// record in the group's plain text (`sealed_at`). One cipher per group instead of one per customer:
// preparing a cipher cost Node about as much as the rest of sealing a record. A record is read by opening
// its group (about 2 KB, a dozen customers) and checked against its row: each entry holds a check of its
// customer's id (32-bit FNV-1a), authenticated with the record, so an entry named by another row does not
// open (the record sealed alone had the id as additional data; the check takes 4 bytes, not the id's 24).
//
// An entry: four bytes, the id check (little-endian); the record's length in UTF-8 bytes (LEB128); the
// record (record-codec.ts). A row's `sealed_at` is its entry's number in the group.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { type RecordSeal, SealBrokenError } from './record-seal';

/**
 * A group's sealed bytes at most (unless one record alone is longer): two groups fill a 4 KB page of the
 * file (each cell holds ~10 bytes besides), where larger groups left up to half of each page empty.
 */
export const GROUP_BYTES = 2020;
/** The IV and tag a group adds (record-seal.ts). */
const SEAL_BYTES = 28;
/** Bytes of an entry's id check, and of its length at most (LEB128). */
const CHECK_BYTES = 4;
const MAX_LENGTH_BYTES = 5;

/** Where a page's entries are written before sealing, kept from page to page (a sync seals thousands). */
const SCRATCH_BYTES = 64 * 1024;
let scratch = Buffer.allocUnsafe(0);

/** The id check: 32-bit FNV-1a of the id's UTF-16 code units. */
export function idCheck(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** A page's records sealed: the groups, and for each record its group's index and its entry's number there. */
export interface SealedRecords {
  groups: Uint8Array[];
  places: [group: number, entry: number][];
}

/** Seals `records` (in order) in groups of at most `groupBytes` sealed bytes (or one longer record). */
export function sealInGroups(
  records: readonly { id: string; text: string }[],
  seal: RecordSeal,
  groupBytes = GROUP_BYTES,
): SealedRecords {
  const groups: Uint8Array[] = [];
  const places: SealedRecords['places'] = [];
  let room = 0;
  for (const r of records) room += CHECK_BYTES + MAX_LENGTH_BYTES + 3 * r.text.length;
  if (room > scratch.length) scratch = Buffer.allocUnsafe(Math.max(room, SCRATCH_BYTES));
  const plain = scratch;
  const limit = groupBytes - SEAL_BYTES;
  let start = 0;
  let at = 0;
  let entry = 0;
  const close = () => {
    if (at > start) groups.push(seal.sealGroup(plain.subarray(start, at)));
    start = at;
    entry = 0;
  };
  for (const r of records) {
    const length = Buffer.byteLength(r.text);
    if (at > start && at - start + CHECK_BYTES + MAX_LENGTH_BYTES + length > limit) close();
    places.push([groups.length, entry++]);
    plain.writeUInt32LE(idCheck(r.id), at);
    at += CHECK_BYTES;
    for (let n = length; ; n = Math.floor(n / 128)) {
      plain[at++] = n >= 128 ? (n % 128) | 128 : n;
      if (n < 128) break;
    }
    at += plain.write(r.text, at, 'utf8');
  }
  close();
  plain.fill(0, 0, at); // the records' plain text does not stay behind in memory
  return { groups, places };
}

/** The record of entry `entry` of an opened group, checked to be the record of customer `id`. */
export function recordInGroup(plain: Buffer, entry: number, id: string): string {
  let at = 0;
  for (let k = 0; ; k++) {
    if (at + CHECK_BYTES >= plain.length || !Number.isInteger(entry) || entry < 0)
      throw new SealBrokenError('A record is not in its group.');
    const check = plain.readUInt32LE(at);
    at += CHECK_BYTES;
    let length = 0;
    for (let shift = 1; ; shift *= 128) {
      const b = plain[at++];
      if (b === undefined || shift > 128 ** 4) throw new SealBrokenError('A record is not in its group.');
      length += (b & 127) * shift;
      if (b < 128) break;
    }
    if (at + length > plain.length) throw new SealBrokenError('A record is not in its group.');
    if (k === entry) {
      if (check !== idCheck(id)) throw new SealBrokenError('A record is not its row’s customer’s.');
      return plain.toString('utf8', at, at + length);
    }
    at += length;
  }
}

/** sealed_records on the write connection. */
export class GroupStore {
  private readonly insert: StatementSync;

  constructor(private readonly db: DatabaseSync) {
    this.insert = db.prepare('INSERT INTO sealed_records (bytes) VALUES (?)');
  }

  /** Stores a page's groups; the numbers their rows took, in order. */
  add(groups: readonly Uint8Array[]): number[] {
    return groups.map((g) => Number(this.insert.run(g).lastInsertRowid));
  }

  /** Deletes the groups no customer's record is in any more (a sync rewrote or pruned them all). */
  dropUnused(): void {
    this.db
      .prepare(
        'DELETE FROM sealed_records WHERE n NOT IN (SELECT sealed_in FROM customers WHERE sealed_in IS NOT NULL)',
      )
      .run();
  }
}
