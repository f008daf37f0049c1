// The card transactions this environment has fetched, by id: which card and customer each belongs to. A
// dispute names only its transaction, and the API cannot fetch one transaction, so this is how a dispute
// finds its card and customer.
import { join } from 'node:path';
import type { Transaction } from '../../src-shared/api/records';
import { inTransaction, openSqlite } from '../storage/sqlite-database';
import { refId } from './ref-id';

export const SEEN_TRANSACTIONS_FILE = 'seen-transactions.sqlite';

const MIGRATIONS: readonly string[] = [
  `CREATE TABLE transactions (
     id TEXT PRIMARY KEY,
     card_id TEXT,
     customer_id TEXT,
     merchant_name TEXT,
     amount REAL,
     currency TEXT,
     created_at TEXT
   ) STRICT;`,
];

export interface SeenTransaction {
  id: string;
  cardId: string | null;
  customerId: string | null;
  merchantName: string | null;
  amount: number | null;
  currency: string | null;
  createdAt: string | null;
}

export interface SeenTransactions {
  /** Records (or refreshes) the transactions of a fetched page. */
  observe(transactions: readonly Transaction[]): void;
  /** The ones among `ids` that were seen. */
  getMany(ids: readonly string[]): SeenTransaction[];
  close(): void;
}

interface Row {
  id: string;
  card_id: string | null;
  customer_id: string | null;
  merchant_name: string | null;
  amount: number | null;
  currency: string | null;
  created_at: string | null;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export function openSeenTransactions({ folder }: { folder: string }): SeenTransactions {
  const db = openSqlite(join(folder, SEEN_TRANSACTIONS_FILE), {
    schema: { name: SEEN_TRANSACTIONS_FILE, migrations: MIGRATIONS },
    pragmas: ['synchronous = NORMAL'],
  });
  const upsert = db.prepare(`
    INSERT INTO transactions (id, card_id, customer_id, merchant_name, amount, currency, created_at)
    VALUES (:id, :cardId, :customerId, :merchantName, :amount, :currency, :createdAt)
    ON CONFLICT (id) DO UPDATE SET card_id = excluded.card_id, customer_id = excluded.customer_id,
      merchant_name = excluded.merchant_name, amount = excluded.amount, currency = excluded.currency,
      created_at = excluded.created_at`);
  return {
    observe(transactions) {
      const usable = transactions.filter((t) => typeof t?._id === 'string' && t._id !== '');
      if (usable.length === 0) return;
      inTransaction(db, () => {
        for (const t of usable) {
          const card = t.card && typeof t.card === 'object' ? t.card : null;
          upsert.run({
            id: t._id,
            cardId: refId(t.card) ?? null,
            customerId: refId(t.customer) ?? refId(card?.customer) ?? null,
            merchantName: text(t.merchant?.name),
            amount: typeof t.amount === 'number' ? t.amount : null,
            currency: text(t.currency),
            createdAt: text(t.createdAt),
          });
        }
      });
    },
    getMany(ids) {
      if (ids.length === 0) return [];
      const rows = db
        .prepare(`SELECT * FROM transactions WHERE id IN (${ids.map(() => '?').join(',')})`)
        .all(...ids) as unknown as Row[];
      return rows.map((r) => ({
        id: r.id,
        cardId: r.card_id,
        customerId: r.customer_id,
        merchantName: r.merchant_name,
        amount: r.amount,
        currency: r.currency,
        createdAt: r.created_at,
      }));
    },
    close() {
      if (db.isOpen) db.close();
    },
  };
}
