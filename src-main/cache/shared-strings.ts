// customer_strings on the write connection: strings many customers' records share, stored once and
// referred to by number (record-codec.ts). Numbers come from either side: given here as new strings are
// met (records encoded by the store itself), or by the page reader, whose pages name the numbers they use
// (page-reader.ts). What this connection has written is remembered until a transaction rolls back.
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { StringsWriter } from './record-codec';

export class SharedStrings implements StringsWriter {
  private readonly numbers = new Map<string, number>();
  private readonly find: StatementSync;
  private readonly add: StatementSync;
  private readonly addNumbered: StatementSync;
  private readonly textOf: StatementSync;

  constructor(db: DatabaseSync) {
    this.find = db.prepare('SELECT n FROM customer_strings WHERE text = ?');
    this.add = db.prepare('INSERT INTO customer_strings (text) VALUES (?)');
    this.addNumbered = db.prepare('INSERT INTO customer_strings (n, text) VALUES (?, ?) ON CONFLICT DO NOTHING');
    this.textOf = db.prepare('SELECT text FROM customer_strings WHERE n = ?');
  }

  /** The number of `text`, adding it when new. */
  ref(text: string): number {
    let n = this.numbers.get(text);
    if (n === undefined) {
      const found = this.find.get(text)?.n;
      n = found === undefined ? Number(this.add.run(text).lastInsertRowid) : Number(found);
      this.numbers.set(text, n);
    }
    return n;
  }

  /** Adds the numbered strings a prepared page uses; each number must mean the same text here. */
  addNumberedStrings(strings: readonly [number, string][]): void {
    for (const [n, text] of strings) {
      if (this.numbers.get(text) === n) continue;
      if (this.addNumbered.run(n, text).changes === 0 && this.textOf.get(n)?.text !== text) {
        throw new Error(`The cache's shared string ${n} is out of step with the page reader's.`);
      }
      this.numbers.set(text, n);
    }
  }

  /** The transaction rolled back: strings written in it are gone. */
  forgetUncommitted(): void {
    this.numbers.clear();
  }
}
