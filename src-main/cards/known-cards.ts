// The local index of cards this environment has seen. The API has no list-cards operation, so Card Desk
// remembers cards it issued and cards embedded in authorizations and transactions it fetched.
import { join } from 'node:path';
import type { Card } from '../../src-shared/api/records';
import { DEFAULT_PAGE_SIZE } from '../../src-shared/api/requests';
import { likeLiteral, orCustomerIdIn, selectPage } from '../storage/paged-select';
import { inTransaction, openSqlite } from '../storage/sqlite-database';
import { KNOWN_CARDS_SCHEMA } from './known-cards-migrations';
import { type CardSource, mergeCard, mergeSource } from './merge-card';
import { refId } from './ref-id';

export type { CardSource };
export const KNOWN_CARDS_FILE = 'known-cards.sqlite';

export interface KnownCardsQuery {
  customerId?: string;
  /**
   * Matches the masked PAN's last four, the brand, an id prefix or (from 8 hex characters) an id ending,
   * the customer id or the client reference.
   */
  query?: string;
  /** Cards of these customers match the query too (the customers whose names match it). */
  customerIds?: readonly string[];
  /** Zero-based. */
  page?: number;
  limit?: number;
}

export interface KnownCardsPage {
  cards: Card[];
  /** Cards matching the query over all pages. */
  total: number;
}

export interface KnownCards {
  /** Upserts cards by `_id`; returns how many were new to the index. */
  observe(cards: readonly Card[], source: CardSource): number;
  /** One card the app just saw (the issuing code records each card it created). */
  record(card: Card, source?: CardSource): void;
  list(query?: KnownCardsQuery): KnownCardsPage;
  get(id: string): Card | null;
  /** Marks a replaced card canceled; false when the card is not known. */
  markCanceled(id: string): boolean;
  /** The newest card whose `metadata.clientReference` is `ref`, or null. */
  findByClientReference(ref: string): Card | null;
  close(): void;
}

interface CardRow {
  json: string;
  source: string;
  sort_at: string;
}

const last4Of = (maskedPan: unknown): string | null => {
  if (typeof maskedPan !== 'string') return null;
  const digits = maskedPan.replace(/\D/g, '');
  return digits.length >= 4 ? digits.slice(-4) : null;
};
const clientReferenceOf = (card: Card): string | null => {
  const ref = card.metadata?.clientReference;
  return typeof ref === 'string' && ref !== '' ? ref : null;
};
const isoOrNull = (s: unknown): string | null => {
  if (typeof s !== 'string') return null;
  const t = Date.parse(s);
  return Number.isNaN(t) ? null : new Date(t).toISOString();
};
const likePrefix = (s: string): string => `${likeLiteral(s)}%`;

export interface OpenKnownCardsOptions {
  /** The environment's data folder; the index lives in `<folder>/known-cards.sqlite`. */
  folder: string;
  /** Clock for first/last-seen times. */
  now?: () => Date;
}

export function openKnownCards({ folder, now = () => new Date() }: OpenKnownCardsOptions): KnownCards {
  const db = openSqlite(join(folder, KNOWN_CARDS_FILE), {
    schema: KNOWN_CARDS_SCHEMA,
    pragmas: ['synchronous = NORMAL'],
  });

  const selectOne = db.prepare('SELECT json, source, sort_at FROM cards WHERE id = ?');
  const upsert = db.prepare(`
    INSERT INTO cards (id, customer_id, brand, last4, status, client_reference, source, updated_at, sort_at, first_seen_at, last_seen_at, json)
    VALUES (:id, :customerId, :brand, :last4, :status, :clientReference, :source, :updatedAt, :sortAt, :seenAt, :seenAt, :json)
    ON CONFLICT (id) DO UPDATE SET
      customer_id = excluded.customer_id, brand = excluded.brand, last4 = excluded.last4, status = excluded.status,
      client_reference = excluded.client_reference, source = excluded.source, updated_at = excluded.updated_at,
      sort_at = excluded.sort_at,
      last_seen_at = excluded.last_seen_at, json = excluded.json`);
  const byClientReference = db.prepare(
    'SELECT json FROM cards WHERE client_reference = ? ORDER BY sort_at DESC, id DESC LIMIT 1',
  );

  const readRow = (row: unknown): Card => JSON.parse((row as { json: string }).json) as Card;

  function write(card: Card, source: CardSource, seenAt: string): boolean {
    const existingRow = selectOne.get(card._id) as CardRow | undefined;
    const existing = existingRow ? readRow(existingRow) : null;
    const merged = mergeCard(existing, card);
    upsert.run({
      id: merged._id,
      customerId: refId(merged.customer) ?? null,
      brand: merged.brand ?? null,
      last4: last4Of(merged.maskedPan),
      status: merged.status ?? null,
      clientReference: clientReferenceOf(merged),
      source: mergeSource((existingRow?.source as CardSource | undefined) ?? null, source),
      updatedAt: isoOrNull(merged.updatedAt),
      // Newest first means by creation; a card seen without a creation time sorts by when it was first seen.
      sortAt: isoOrNull(merged.createdAt) ?? existingRow?.sort_at ?? seenAt,
      seenAt,
      json: JSON.stringify(merged),
    });
    return !existingRow;
  }

  const observe = (cards: readonly Card[], source: CardSource): number => {
    const usable = cards.filter((c) => typeof c?._id === 'string' && c._id !== '');
    if (usable.length === 0) return 0;
    const seenAt = now().toISOString();
    return inTransaction(db, () => usable.reduce((added, card) => added + (write(card, source, seenAt) ? 1 : 0), 0));
  };

  return {
    observe,
    record(card, source = 'issued') {
      observe([card], source);
    },

    list({ customerId, query, customerIds = [], page = 0, limit = DEFAULT_PAGE_SIZE } = {}) {
      const where: string[] = [];
      const params: Record<string, string | number> = {};
      if (customerId) {
        where.push('customer_id = :customerId');
        params.customerId = customerId;
      }
      const text = query?.trim();
      if (text) {
        where.push(`(last4 LIKE :prefix ESCAPE '\\' OR brand LIKE :prefix ESCAPE '\\' OR id LIKE :lowerPrefix ESCAPE '\\'
          OR customer_id LIKE :lowerPrefix ESCAPE '\\' OR client_reference LIKE :prefix ESCAPE '\\'${orCustomerIdIn(customerIds, params)})`);
        params.prefix = likePrefix(text);
        params.lowerPrefix = likePrefix(text.toLowerCase());
        // Ids show as their last 8 characters ("…a1b2c3d4"): such an ending finds the card too.
        const ending = text.replace(/^…/, '').toLowerCase();
        if (/^[0-9a-f]{8,12}$/.test(ending)) {
          where[where.length - 1] = `(${where[where.length - 1]} OR id LIKE :idEnding ESCAPE '\\')`;
          params.idEnding = `%${likeLiteral(ending)}`;
        }
      }
      const { rows, total } = selectPage(db, {
        from: 'cards',
        columns: 'json',
        where,
        params,
        orderBy: 'sort_at DESC, id DESC',
        page,
        limit,
      });
      return { cards: rows.map(readRow), total };
    },

    get(id) {
      const row = selectOne.get(id);
      return row ? readRow(row) : null;
    },

    markCanceled(id) {
      return inTransaction(db, () => {
        const row = selectOne.get(id) as CardRow | undefined;
        if (!row) return false;
        const card = { ...readRow(row), status: 'canceled' };
        db.prepare('UPDATE cards SET status = ?, json = ?, last_seen_at = ? WHERE id = ?').run(
          'canceled',
          JSON.stringify(card),
          now().toISOString(),
          id,
        );
        return true;
      });
    },

    findByClientReference(ref) {
      const row = byClientReference.get(ref);
      return row ? readRow(row) : null;
    },

    close() {
      if (db.isOpen) db.close();
    },
  };
}
