// A read page as it crosses from the page reader's thread to the cache worker: its rows by column, not as
// a hundred objects. A message clones an object key by key, every key's name with it, and the worker
// builds each object back the same way; a column is one array. This makes the clone cheaper on the
// reader's side and more so on the worker's, the thread that writes and so sets a sync's pace
// (docs/cache-design.md). Each side turns the page into the other form here.
// The page's sealed groups are moved into one buffer and its blind indexes into another, both handed over
// with the message rather than cloned (`buffersOf`): many small buffers would each be cloned on their own.
import type { PreparedRow } from '../store/prepared-row';
import { BLIND_INDEX_BYTES } from '../store/record-seal';
import type { PreparedPage } from '../sync/page-reader';

/** The rows' columns, row i at place i of each. */
export interface RowColumns {
  id: string[];
  names: string[];
  email: string[];
  phone: string[];
  shown: (number | string)[];
  kyc: number[];
  created: (number | null)[];
  /** Each row's blind index at i × BLIND_INDEX_BYTES, where `hasIdentity[i]` is 1. */
  identities: Uint8Array;
  hasIdentity: Uint8Array;
  group: number[];
  entry: number[];
  pairs: string[];
  /** The places of the rows read tolerantly (`unreadable`). */
  unreadable: number[];
}

export type SentPage =
  (Omit<Extract<PreparedPage, { readable: true }>, 'rows'> & { columns: RowColumns }) | { readable: false };

/** The page as it is sent. */
export function toSent(page: PreparedPage): SentPage {
  if (!page.readable) return page;
  const { rows, groups, ...rest } = page;
  const n = rows.length;
  const c: RowColumns = {
    id: new Array<string>(n),
    names: new Array<string>(n),
    email: new Array<string>(n),
    phone: new Array<string>(n),
    shown: new Array<number | string>(n),
    kyc: new Array<number>(n),
    created: new Array<number | null>(n),
    identities: new Uint8Array(n * BLIND_INDEX_BYTES),
    hasIdentity: new Uint8Array(n),
    group: new Array<number>(n),
    entry: new Array<number>(n),
    pairs: new Array<string>(n),
    unreadable: [],
  };
  for (let i = 0; i < n; i++) {
    const r = rows[i]!;
    c.id[i] = r.id;
    c.names[i] = r.names;
    c.email[i] = r.email;
    c.phone[i] = r.phone;
    c.shown[i] = r.shown;
    c.kyc[i] = r.kyc;
    c.created[i] = r.created;
    if (r.identity) {
      c.identities.set(r.identity, i * BLIND_INDEX_BYTES);
      c.hasIdentity[i] = 1;
    }
    c.group[i] = r.group;
    c.entry[i] = r.entry;
    c.pairs[i] = r.pairs;
    if (r.unreadable) c.unreadable.push(i);
  }
  return { ...rest, groups: inOneBuffer(groups), columns: c };
}

/** The groups copied into one buffer, each a view of its part. */
function inOneBuffer(groups: readonly Uint8Array[]): Uint8Array[] {
  let total = 0;
  for (const g of groups) total += g.byteLength;
  const all = new Uint8Array(total);
  let at = 0;
  return groups.map((g) => {
    all.set(g, at);
    at += g.byteLength;
    return all.subarray(at - g.byteLength, at);
  });
}

/** The page as it was read. */
export function fromSent(sent: SentPage): PreparedPage {
  if (!sent.readable) return sent;
  const { columns: c, ...rest } = sent;
  const rows = new Array<PreparedRow>(c.id.length);
  for (let i = 0; i < rows.length; i++) {
    const at = i * BLIND_INDEX_BYTES;
    rows[i] = {
      id: c.id[i]!,
      names: c.names[i]!,
      email: c.email[i]!,
      phone: c.phone[i]!,
      shown: c.shown[i]!,
      kyc: c.kyc[i]!,
      created: c.created[i] ?? null,
      identity: c.hasIdentity[i] === 1 ? c.identities.subarray(at, at + BLIND_INDEX_BYTES) : null,
      group: c.group[i]!,
      entry: c.entry[i]!,
      pairs: c.pairs[i]!,
    };
  }
  for (const i of c.unreadable) rows[i]!.unreadable = true;
  return { ...rest, rows };
}

/** The buffers a sent page's bytes are in, to hand over with it rather than copy. */
export function buffersOf(sent: SentPage): ArrayBuffer[] {
  if (!sent.readable) return [];
  const buffers = new Set<ArrayBuffer>([sent.columns.identities.buffer as ArrayBuffer]);
  for (const g of sent.groups) buffers.add(g.buffer as ArrayBuffer);
  return [...buffers];
}
