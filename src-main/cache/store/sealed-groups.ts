// Records sealed in groups: the records of several customers of one page (GROUP_BYTES) are sealed together,
// one AES-256-GCM message under the data key (a fresh IV and a tag per group, record-seal.ts), and stored
// as one row of sealed_records; each customer's row names its group (`sealed_in`) and the place of its
// record in the group's plain text (`sealed_at`). One cipher per group instead of one per customer:
// preparing a cipher cost Node about as much as the rest of sealing a record. A record is read by opening
// its group (about 2 KB sealed, twenty-odd customers).
//
// A group is bound to its customers' ids: the ids of its entries, in order, are sealed with it (inside the
// message, so they are authenticated with it), and a row is given only the record of the entry whose id is
// its own: a row that names another customer's place, another group, or a group whose bytes were edited,
// opens nothing.
//
// The plain text of a group: its id list's length in bytes (LEB128), the id list, then for each entry the
// record's length in UTF-8 bytes (LEB128) and the record (record-codec.ts); all of it compressed by deflate
// before sealing (records of one page share most of their words: deflate takes them to under half), which
// keeps the cache file at about its size before records held every field and groups their ids
// (docs/benchmarks.md). A row's `sealed_at` is its entry's number in the group. The ids: for each, one byte
// 0 and the 12 bytes of an id that is 24 lower-case hex digits (nearly all), or its length in UTF-8 bytes
// plus one and those bytes.
//
// Groups written before (schema 11) hold their records uncompressed and their id list beside them, in
// `ids`, as the group's additional data; they are read as such until a sync rewrites them. Each form is
// sealed with its own additional data, so a group does not open as the other form.
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import { type RecordSeal, SealBrokenError } from './record-seal';

/**
 * A group's sealed bytes at most (unless one record alone is longer): two groups fill a 4 KB page of the
 * file (each cell holds ~10 bytes besides), where larger groups left up to half of each page empty.
 */
export const GROUP_BYTES = 2020;
/**
 * Plain bytes (id list and entries) gathered for a group of GROUP_BYTES before it is compressed: typical
 * records deflate to under half, so the group comes to a little under GROUP_BYTES sealed; a group that
 * compresses worse than that is split in two.
 */
const PLAIN_PER_SEALED = 2.15;
/** zlib's fastest level: the higher ones took a page's groups only ~1.5 % smaller for twice the time. */
const DEFLATE_LEVEL = 1;
/**
 * A 4 KB window (deflate's smallest but one): a group's plain text is about that long, so a larger window
 * finds nothing more, and costs each compression and each opening the setting up of a 32 KB one.
 */
const WINDOW_BITS = 12;
/** A group's plain text at most, as it is inflated (a record is far smaller; a damaged file is refused). */
const MAX_PLAIN_BYTES = 64 * 1024 * 1024;
/** The IV and tag a group adds (record-seal.ts). */
const SEAL_BYTES = 28;
/** Bytes of an entry's length at most (LEB128), and of a hex id in the id list. */
const MAX_LENGTH_BYTES = 5;
const HEX_ID = /^[0-9a-f]{24}$/;

/** The bytes `id` takes in an id list. */
const idListBytes = (id: string): number => {
  if (HEX_ID.test(id)) return 13;
  const length = Buffer.byteLength(id);
  return length > 254 ? 1 + MAX_LENGTH_BYTES + length : 1 + length;
};

/** The id list of a group's entries, as stored and authenticated. */
export function idList(ids: readonly string[]): Uint8Array {
  const parts: Buffer[] = [];
  for (const id of ids) {
    if (HEX_ID.test(id)) parts.push(Buffer.from([0]), Buffer.from(id, 'hex'));
    else {
      const bytes = Buffer.from(id, 'utf8');
      if (bytes.length > 254) parts.push(Buffer.from([255]), lengthBytes(bytes.length), bytes);
      else parts.push(Buffer.from([bytes.length + 1]), bytes);
    }
  }
  return Buffer.concat(parts);
}

/** The ids an id list holds, in order. */
export function idsOf(list: Uint8Array): string[] {
  const bytes = Buffer.from(list.buffer, list.byteOffset, list.byteLength);
  const ids: string[] = [];
  for (let at = 0; at < bytes.length;) {
    const tag = bytes[at++]!;
    let length = tag === 0 ? 12 : tag - 1;
    if (tag === 255) [length, at] = readLength(bytes, at);
    if (at + length > bytes.length) throw new SealBrokenError("A group's id list is cut short.");
    ids.push(bytes.toString(tag === 0 ? 'hex' : 'utf8', at, at + length));
    at += length;
  }
  return ids;
}

function lengthBytes(n: number): Buffer {
  const out: number[] = [];
  for (let v = n; ; v = Math.floor(v / 128)) {
    out.push(v >= 128 ? (v % 128) | 128 : v);
    if (v < 128) return Buffer.from(out);
  }
}

function readLength(bytes: Buffer, from: number): [length: number, at: number] {
  let at = from;
  let length = 0;
  for (let shift = 1; ; shift *= 128) {
    const b = bytes[at++];
    if (b === undefined || shift > 128 ** 4) throw new SealBrokenError('A record is not in its group.');
    length += (b & 127) * shift;
    if (b < 128) return [length, at];
  }
}

/** Where a page's entries are written before sealing, kept from page to page (a sync seals thousands). */
const SCRATCH_BYTES = 64 * 1024;
let scratch = Buffer.allocUnsafe(0);
/** Where a group's text is put together before it is deflated, kept from group to group. */
let groupScratch = Buffer.allocUnsafe(0);
/** What raw deflate adds to a text beyond deflateBound's share of its length (block headers, the end), and more. */
const DEFLATE_OVERHEAD = 64;

/** A group's text (`parts` one after another) in groupScratch: valid until the next group's. */
function groupText(...parts: Uint8Array[]): Buffer {
  let length = 0;
  for (const p of parts) length += p.length;
  if (length > groupScratch.length) groupScratch = Buffer.allocUnsafe(Math.max(length, 2 * groupScratch.length, 8192));
  let at = 0;
  for (const p of parts) {
    groupScratch.set(p, at);
    at += p.length;
  }
  return groupScratch.subarray(0, length);
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
  let room = 0;
  for (const r of records) room += MAX_LENGTH_BYTES + 3 * r.text.length;
  if (room > scratch.length) scratch = Buffer.allocUnsafe(Math.max(room, SCRATCH_BYTES));
  const plain = scratch;
  // Every record's entry, one after another: where each ends.
  const ends: number[] = [];
  let at = 0;
  for (const r of records) {
    at = writeLength(plain, at, Buffer.byteLength(r.text));
    at += plain.write(r.text, at, 'utf8');
    ends.push(at);
  }
  const sealed: SealedRecords = { groups: [], places: [] };
  const sealRange = (from: number, to: number): void => {
    const ids = idList(records.slice(from, to).map((r) => r.id));
    const text = groupText(lengthBytes(ids.length), ids, plain.subarray(from === 0 ? 0 : ends[from - 1], ends[to - 1]));
    // An output buffer that holds the whole deflated text (zlib's deflateBound for a window other than
    // 32 KB), so it comes out in one piece, zeroed below; zlib's default took 16 KB of Buffer's pool a call.
    const n = text.length;
    const chunkSize = n + (n >> 5) + (n >> 7) + (n >> 11) + DEFLATE_OVERHEAD;
    const packed = deflateRawSync(text, { level: DEFLATE_LEVEL, windowBits: WINDOW_BITS, chunkSize });
    text.fill(0);
    if (packed.length + SEAL_BYTES > groupBytes && to - from > 1) {
      packed.fill(0);
      const middle = (from + to) >> 1;
      sealRange(from, middle);
      sealRange(middle, to);
      return;
    }
    const group = sealed.groups.length;
    for (let k = from; k < to; k++) sealed.places.push([group, k - from]);
    sealed.groups.push(seal.sealPackedGroup(packed));
    packed.fill(0); // the records' plain text does not stay behind in memory
  };
  // The page's entries shared evenly among as few groups as hold them, so that no group is a small rest.
  const costs = records.map((r, i) => ends[i]! - (i === 0 ? 0 : ends[i - 1]!) + idListBytes(r.id));
  const total = costs.reduce((sum, c) => sum + c, 0);
  const share = total / Math.ceil(total / ((groupBytes - SEAL_BYTES) * PLAIN_PER_SEALED));
  let first = 0;
  let size = 0;
  for (let i = 0; i < records.length; i++) {
    if (i > first && size + costs[i]! / 2 > share) {
      sealRange(first, i);
      first = i;
      size = 0;
    }
    size += costs[i]!;
  }
  if (records.length > first) sealRange(first, records.length);
  plain.fill(0, 0, at);
  return sealed;
}

function writeLength(into: Buffer, from: number, length: number): number {
  let at = from;
  for (let n = length; ; n = Math.floor(n / 128)) {
    into[at++] = n >= 128 ? (n % 128) | 128 : n;
    if (n < 128) return at;
  }
}

/** The ids of each of `count` groups' entries, in order, from the rows that name them (`group`, `entry`). */
export function groupMembers(rows: readonly { id: string; group: number; entry: number }[], count: number): string[][] {
  const members = Array.from({ length: count }, () => [] as string[]);
  for (const r of rows) members[r.group]![r.entry] = r.id;
  return members;
}

/** A group opened: its plain text and the ids of its entries, as authenticated. */
export interface OpenedGroup {
  plain: Buffer;
  ids: string[];
}

/**
 * Opens a group: one with its id list inside (`ids` null, as sealInGroups seals them), or one written
 * before with its id list beside it (authenticated as the group's additional data).
 */
export function openGroup(seal: RecordSeal, sealed: Uint8Array, ids: Uint8Array | null): OpenedGroup {
  if (ids !== null) return { plain: seal.openGroup(sealed, ids), ids: idsOf(ids) };
  const packed = seal.openPackedGroup(sealed);
  let text: Buffer;
  try {
    text = inflateRawSync(packed, { windowBits: WINDOW_BITS, maxOutputLength: MAX_PLAIN_BYTES });
  } catch {
    throw new SealBrokenError('A sealed group does not open.');
  }
  const [length, at] = readLength(text, 0);
  if (at + length > text.length) throw new SealBrokenError("A group's id list is cut short.");
  return { plain: text.subarray(at + length), ids: idsOf(text.subarray(at, at + length)) };
}

/** The record of entry `entry` of an opened group, when that entry is customer `id`'s. */
export function recordInGroup({ plain, ids }: OpenedGroup, entry: number, id: string): string {
  if (!Number.isInteger(entry) || entry < 0 || entry >= ids.length)
    throw new SealBrokenError('A record is not in its group.');
  if (ids[entry] !== id) throw new SealBrokenError('A record is not its row’s customer’s.');
  let at = 0;
  for (let k = 0; ; k++) {
    if (at >= plain.length) throw new SealBrokenError('A record is not in its group.');
    let length: number;
    [length, at] = readLength(plain, at);
    if (at + length > plain.length) throw new SealBrokenError('A record is not in its group.');
    if (k === entry) return plain.toString('utf8', at, at + length);
    at += length;
  }
}

/** sealed_records on the write connection. */
export class GroupStore {
  private readonly insert: StatementSync;

  constructor(private readonly db: DatabaseSync) {
    this.insert = db.prepare('INSERT INTO sealed_records (bytes, ids) VALUES (?, ?)');
  }

  /** Stores a page's groups (their ids sealed inside); the numbers their rows took, in order. */
  add(groups: readonly Uint8Array[]): number[] {
    return groups.map((g) => Number(this.insert.run(g, null).lastInsertRowid));
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
