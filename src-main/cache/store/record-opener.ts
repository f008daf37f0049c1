// Opening customers' sealed records on the read connection, into whole customers (record-codec.ts): a
// record sealed alone (rows written before records were grouped) or its place in a sealed group
// (sealed-groups.ts), with the shared strings it refers to. One read opens each group once.
import type { StatementSync } from 'node:sqlite';
import type { Customer } from '../../../src-shared/api/records';
import { decodeRecord, type RecordColumns, type StringsReader } from './record-codec';
import { type RecordSeal, SealBrokenError } from './record-seal';
import { recordInGroup } from './sealed-groups';

/** The columns a record is opened with. */
export const RECORD_COLUMNS = 'id, email, phone, kyc, created, record, sealed_in, sealed_at';

/** Groups opened during one read, by number. */
export type OpenedGroups = Map<number, Buffer>;

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
    const cols: RecordColumns = {
      id: String(row.id),
      email: String(row.email),
      phone: String(row.phone),
      kyc: Number(row.kyc),
      created: row.created === null ? null : Number(row.created),
    };
    const group = row.sealed_in;
    const text =
      group === null || group === undefined
        ? this.seal.openRecord(row.record as Uint8Array, cols.id)
        : recordInGroup(this.group(Number(group), opened), Number(row.sealed_at), cols.id);
    return decodeRecord(text, cols, this.strings);
  }

  private group(n: number, opened: OpenedGroups): Buffer {
    let plain = opened.get(n);
    if (!plain) {
      const sealed = this.stmt('SELECT bytes FROM sealed_records WHERE n = ?').get(n)?.bytes;
      if (!(sealed instanceof Uint8Array)) throw new SealBrokenError("A customer's sealed record is missing.");
      plain = this.seal.openGroup(sealed);
      opened.set(n, plain);
    }
    return plain;
  }
}
