// A customer as the store writes it: its columns, its name pairs (name-pairs.ts) and its record in the
// compact form (record-codec.ts).
import { namePairs } from './name-pairs';
import { encodeRecord, type StringsWriter } from './record-codec';
import type { CustomerRow } from './search-fields';

export type PreparedRow = Omit<CustomerRow, 'customer'> & { record: string; pairs: string };

/** A row's columns and its record encoded with `strings`. */
export function prepareRow(row: CustomerRow, strings: StringsWriter): PreparedRow {
  const { customer, ...columns } = row;
  return { ...columns, record: encodeRecord(customer, row, strings), pairs: namePairs(row.names) };
}
