// A customer as the store writes it: its columns, its name pairs (name-pairs.ts) and its record in the
// compact form (record-codec.ts), sealed under the cache's data key (record-seal.ts). The identity number
// is in the sealed record only; its column holds the number's blind index.
import { namePairs } from '../search/name-pairs';
import { encodeRecord, type StringsWriter } from './record-codec';
import type { RecordSeal } from './record-seal';
import type { CustomerRow } from '../search/search-fields';

export type PreparedRow = Omit<CustomerRow, 'customer' | 'identity'> & {
  /** The blind index of the identity number; null when none. */
  identity: Uint8Array | null;
  record: Uint8Array;
  pairs: string;
};

/** A row's columns and its record encoded with `strings` and sealed. */
export function prepareRow(row: CustomerRow, strings: StringsWriter, seal: RecordSeal): PreparedRow {
  const { customer, identity, ...columns } = row;
  return {
    ...columns,
    identity: seal.blindIndex(identity),
    record: seal.sealRecord(encodeRecord(customer, row, strings), row.id),
    pairs: namePairs(row.names),
  };
}
