// Opening customers' sealed records on the read connection, into whole customers (record-codec.ts): a row's
// record is its place in a sealed group (sealed-groups.ts), opened with the group's id list as additional
// data (or inside it, as sealInGroups seals them now) and given to the row only when that place is the row's own id's; with the shared strings it refers
// to. One read opens each group once. Nothing of the customer comes from the row's readable columns.
import type { StatementSync } from 'node:sqlite';
import type { Customer } from '../../../src-shared/api/records';
import { decodeRecord, type StringsReader } from './record-codec';
import { type RecordSeal, SealBrokenError } from './record-seal';
import { type OpenedGroup, openGroup, recordInGroup } from './sealed-groups';

/** The columns a record is opened with. */
export const RECORD_COLUMNS = 'id, sealed_in, sealed_at';

/** Groups opened during one read, by number. */
export type OpenedGroups = Map<number, OpenedGroup>;

export class RecordOpener {
  /** customer_strings as far as this connection has read it (strings are never changed or removed). */
  private readonly stringTexts = new Map<number, string>();
  private readonly strings: StringsReader = {
    text: (n) => {
      let text = this.stringTexts.get(n);
      if (text === undefined) {
        const sealed = this.stmt('SELECT text FROM customer_strings WHERE n = ?').get(n)?.text;
        text = sealed instanceof Uint8Array ? this.seal.openString(sealed) : '';
        this.stringTexts.set(n, text);
      }
      return text;
    },
  };

  /** `stmt`: the reader's prepared statements; `seal`: the cache's keys. */
  constructor(
    private readonly stmt: (sql: string) => StatementSync,
    private readonly seal: RecordSeal,
  ) {}

  /** The whole customer of a row read with RECORD_COLUMNS; `opened` keeps the groups opened by one read. */
  decode(row: Record<string, unknown>, opened: OpenedGroups = new Map()): Customer {
    const id = String(row.id);
    const group = row.sealed_in;
    if (group === null || group === undefined)
      throw new SealBrokenError("A customer's record is not in a sealed group.");
    const text = recordInGroup(this.group(Number(group), opened), Number(row.sealed_at), id);
    try {
      return decodeRecord(text, id, this.strings);
    } catch (e) {
      if (e instanceof SealBrokenError) throw e;
      throw new SealBrokenError("A customer's sealed record is not in the current form.");
    }
  }

  private group(n: number, opened: OpenedGroups): OpenedGroup {
    let group = opened.get(n);
    if (!group) {
      const row = this.stmt('SELECT bytes, ids FROM sealed_records WHERE n = ?').get(n);
      const ids = row?.ids;
      if (!(row?.bytes instanceof Uint8Array) || !(ids === null || ids instanceof Uint8Array))
        throw new SealBrokenError("A customer's sealed record is missing.");
      group = openGroup(this.seal, row.bytes, ids);
      opened.set(n, group);
    }
    return group;
  }
}
