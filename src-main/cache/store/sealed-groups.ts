// Records sealed in groups: the records of up to GROUP_SIZE customers of one page are sealed together,
// one AES-256-GCM message under the data key (a fresh IV and a tag per group, record-seal.ts), and stored
// as one row of sealed_records; each customer's row names its group (`sealed_in`) and the place of its
// record in the group's plain text (`sealed_at`). One cipher per group instead of one per customer:
// preparing a cipher cost Node about as much as the rest of sealing a record. A record is read by opening
// its group (GROUP_SIZE records, about 2 KB) and checked against its row: each entry holds its customer's
// id, authenticated with the record, so an entry named by another row does not open.
//
// An entry: one byte, 0 when the id is 24 hex digits (then 12 bytes follow) or else the id's length in
// UTF-8 bytes (1-255, the id follows); four bytes, the record's length; the record (record-codec.ts).
// A record whose id is longer is sealed alone, in its row's `record`, as every record was before.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { type RecordSeal, SealBrokenError } from './record-seal';

export const GROUP_SIZE = 16;
const HEX_ID = /^[0-9a-f]{24}$/;
const MAX_ID_BYTES = 255;

/** A page's records sealed: the groups, and for each record its group and place, or its own sealed bytes. */
export interface SealedRecords {
  groups: Uint8Array[];
  /** Per record: [group index, place] or the record sealed alone. */
  places: ([number, number] | Uint8Array)[];
}

/** Seals `records` (in order) in groups of `size`. */
export function sealInGroups(
  records: readonly { id: string; text: string }[],
  seal: RecordSeal,
  size = GROUP_SIZE,
): SealedRecords {
  const groups: Uint8Array[] = [];
  const places: SealedRecords['places'] = [];
  for (let start = 0; start < records.length; start += size) {
    const part = records.slice(start, start + size);
    let room = 0;
    for (const r of part) room += 5 + 3 * (r.id.length + r.text.length);
    const plain = Buffer.allocUnsafe(room);
    let at = 0;
    for (const r of part) {
      const idBytes = Buffer.byteLength(r.id);
      if (idBytes > MAX_ID_BYTES) {
        places.push(seal.sealRecord(r.text, r.id));
        continue;
      }
      places.push([groups.length, at]);
      if (HEX_ID.test(r.id)) {
        plain[at] = 0;
        plain.write(r.id, at + 1, 'hex');
        at += 13;
      } else {
        plain[at] = idBytes;
        plain.write(r.id, at + 1, 'utf8');
        at += 1 + idBytes;
      }
      const length = plain.write(r.text, at + 4, 'utf8');
      plain.writeUInt32LE(length, at);
      at += 4 + length;
    }
    if (at > 0) groups.push(seal.sealGroup(plain.subarray(0, at)));
  }
  return { groups, places };
}

/** The record at `place` of an opened group, checked to be the record of customer `id`. */
export function recordInGroup(plain: Buffer, place: number, id: string): string {
  if (!Number.isInteger(place) || place < 0 || place >= plain.length)
    throw new SealBrokenError('A record is not in its group.');
  const kind = plain[place]!;
  const idEnd = place + 1 + (kind === 0 ? 12 : kind);
  const storedId = kind === 0 ? plain.toString('hex', place + 1, idEnd) : plain.toString('utf8', place + 1, idEnd);
  if (storedId !== id || idEnd + 4 > plain.length) throw new SealBrokenError('A record is not its row’s customer’s.');
  const end = idEnd + 4 + plain.readUInt32LE(idEnd);
  if (end > plain.length) throw new SealBrokenError('A record is not in its group.');
  return plain.toString('utf8', idEnd + 4, end);
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
