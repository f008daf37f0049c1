// A page's customers as the store writes them: each one's columns, its name pairs (name-pairs.ts) and its
// record in the compact form (record-codec.ts), the records sealed under the cache's data key in groups
// (sealed-groups.ts, record-seal.ts). The identity number is in the sealed record only; its column holds
// the number's blind index.
import { namePairs } from '../search/name-pairs';
import { encodeRecord, type StringsWriter } from './record-codec';
import type { RecordSeal } from './record-seal';
import type { CustomerRow } from '../search/search-fields';
import { sealInGroups } from './sealed-groups';

export type PreparedRow = Omit<CustomerRow, 'customer' | 'identity'> & {
  /** The blind index of the identity number; null when none. */
  identity: Uint8Array | null;
  /** The record sealed alone (an id too long for a group); empty when the record is in a group. */
  record: Uint8Array;
  /** The record's group among its page's `groups` and its place there; null when sealed alone. */
  sealed: [group: number, place: number] | null;
  pairs: string;
};

/** A page's rows and the groups their records are sealed in. */
export interface PreparedRows {
  rows: PreparedRow[];
  groups: Uint8Array[];
}

const ALONE_IN_GROUP = new Uint8Array(0);

/** The rows' columns and their records encoded with `strings` and sealed. */
export function prepareRows(rows: readonly CustomerRow[], strings: StringsWriter, seal: RecordSeal): PreparedRows {
  const records = rows.map((row) => ({ id: row.id, text: encodeRecord(row.customer, row, strings) }));
  const { groups, places } = sealInGroups(records, seal);
  const prepared = rows.map((row, i): PreparedRow => {
    const { customer: _customer, identity, ...columns } = row;
    const place = places[i]!;
    return {
      ...columns,
      identity: seal.blindIndex(identity),
      record: place instanceof Uint8Array ? place : ALONE_IN_GROUP,
      sealed: place instanceof Uint8Array ? null : place,
      pairs: namePairs(row.names),
    };
  });
  return { rows: prepared, groups };
}
