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
  /** The record's group among its page's `groups`, and its entry's number there (sealed-groups.ts). */
  group: number;
  entry: number;
  pairs: string;
};

/** A page's rows and the groups their records are sealed in. */
export interface PreparedRows {
  rows: PreparedRow[];
  groups: Uint8Array[];
}

/** The rows' columns and their records encoded with `strings` and sealed. */
export function prepareRows(rows: readonly CustomerRow[], strings: StringsWriter, seal: RecordSeal): PreparedRows {
  const records = rows.map((row) => ({ id: row.id, text: encodeRecord(row.customer, row, strings) }));
  const { groups, places } = sealInGroups(records, seal);
  // Written out field by field: a rest and a spread of the row cost a microsecond per synced customer.
  const prepared = rows.map((row, i): PreparedRow => {
    const [group, entry] = places[i]!;
    const p: PreparedRow = {
      id: row.id,
      names: row.names,
      email: row.email,
      phone: row.phone,
      shown: row.shown,
      kyc: row.kyc,
      created: row.created,
      identity: seal.blindIndex(row.identity),
      group,
      entry,
      pairs: namePairs(row.names),
    };
    if (row.unreadable) p.unreadable = true;
    return p;
  });
  return { rows: prepared, groups };
}
