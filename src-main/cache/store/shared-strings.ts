// customer_strings on the write connection: strings many customers' records share, stored once, sealed
// (record-seal.ts), and referred to by number (record-codec.ts). Numbers come from either side: given here
// as new strings are met (records encoded by the store itself), or by the page reader, whose pages name the
// numbers they use (page-reader.ts). A sealed text cannot be looked up by its value, so the table is read
// into memory (it holds a few hundred strings at 1M customers) and read again after a rollback.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { StringsWriter } from './record-codec';
import type { RecordSeal } from './record-seal';

/** Every string of customer_strings, opened: [number, text]. */
export function readSharedStrings(db: DatabaseSync, seal: RecordSeal): [number, string][] {
  return db
    .prepare('SELECT n, text FROM customer_strings')
    .all()
    .map((r) => [Number(r.n), seal.openString(r.text as Uint8Array)]);
}

export class SharedStrings implements StringsWriter {
  /** Text -> number, once read; null until then (and after a rollback). */
  private numbers: Map<string, number> | null = null;
  private readonly add: StatementSync;
  private readonly addNumbered: StatementSync;
  private readonly textOf: StatementSync;

  constructor(
    private readonly db: DatabaseSync,
    private readonly seal: RecordSeal,
  ) {
    this.add = db.prepare('INSERT INTO customer_strings (text) VALUES (?)');
    this.addNumbered = db.prepare('INSERT INTO customer_strings (n, text) VALUES (?, ?) ON CONFLICT DO NOTHING');
    this.textOf = db.prepare('SELECT text FROM customer_strings WHERE n = ?');
  }

  private known(): Map<string, number> {
    if (!this.numbers) {
      this.numbers = new Map();
      for (const [n, text] of readSharedStrings(this.db, this.seal)) this.numbers.set(text, n);
    }
    return this.numbers;
  }

  /** The number of `text`, adding it when new. */
  ref(text: string): number {
    const numbers = this.known();
    let n = numbers.get(text);
    if (n === undefined) {
      n = Number(this.add.run(this.seal.sealString(text)).lastInsertRowid);
      numbers.set(text, n);
    }
    return n;
  }

  /** Adds the numbered strings a prepared page uses; each number must mean the same text here. */
  addNumberedStrings(strings: readonly [number, string][]): void {
    const numbers = this.known();
    for (const [n, text] of strings) {
      if (numbers.get(text) === n) continue;
      if (this.addNumbered.run(n, this.seal.sealString(text)).changes === 0) {
        const stored = this.textOf.get(n)?.text;
        if (!(stored instanceof Uint8Array) || this.seal.openString(stored) !== text) {
          throw new Error(`The cache's shared string ${n} is out of step with the page reader's.`);
        }
      }
      numbers.set(text, n);
    }
  }

  /** The transaction rolled back: strings written in it are gone, so the table is read again. */
  forgetUncommitted(): void {
    this.numbers = null;
  }
}
