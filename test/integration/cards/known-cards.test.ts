// The known-cards index on a real SQLite file: upserts, search, paging, cancel, client references, reopen.
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Card } from '../../../src-shared/api/records';
import { KNOWN_CARDS_FILE, type KnownCards, openKnownCards } from '../../../src-main/cards/known-cards';
import { KNOWN_CARDS_SCHEMA_VERSION } from '../../../src-main/cards/known-cards-migrations';
import { expectWalAtVersion, setSchemaVersion } from '../support/sqlite-file';

const hex = (n: number) => n.toString(16).padStart(24, '0');
const CUSTOMER_A = 'a'.repeat(24);
const CUSTOMER_B = 'b'.repeat(24);

function card(n: number, extra: Partial<Card> = {}): Card {
  return {
    _id: hex(n),
    customer: n % 2 ? CUSTOMER_A : CUSTOMER_B,
    brand: n % 3 === 0 ? 'Visa' : 'Verve',
    maskedPan: `506099******${String(1000 + n).slice(-4)}`,
    status: 'active',
    currency: 'NGN',
    createdAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
    updatedAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
    ...extra,
  };
}

describe('known cards (SQLite)', () => {
  let folder: string;
  let known: KnownCards;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'known-cards-'));
    known = openKnownCards({ folder });
  });
  afterEach(() => {
    known.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('creates a WAL database at the current schema version in the folder', () => {
    known.observe([card(1)], 'issued');
    const file = join(folder, KNOWN_CARDS_FILE);
    expect(existsSync(file)).toBe(true);
    expectWalAtVersion(file, KNOWN_CARDS_SCHEMA_VERSION);
  });

  it('upserts by id, keeps the full JSON and gets a card back', () => {
    const issued = card(7, {
      metadata: { clientReference: 'ref-7', note: 'x' },
      spendingControls: { channels: { atm: false } },
    });
    expect(known.observe([issued], 'issued')).toBe(1);
    expect(known.observe([issued], 'issued')).toBe(0);
    expect(known.get(issued._id)).toEqual(issued);
    expect(known.get(hex(999))).toBeNull();
    expect(known.list().total).toBe(1);
  });

  it('lets the newest updatedAt win and never downgrades a richer record', () => {
    const rich = card(3, { providerReference: 'PR-3', is2FAEnabled: true });
    known.observe([rich], 'authorization');
    known.observe([{ _id: rich._id, status: 'inactive', updatedAt: '2026-06-01T00:00:00.000Z' }], 'transaction');
    expect(known.get(rich._id)).toMatchObject({
      status: 'inactive',
      providerReference: 'PR-3',
      is2FAEnabled: true,
      maskedPan: rich.maskedPan,
    });
    known.observe([{ ...rich, status: 'active' }], 'authorization'); // an older sighting
    expect(known.get(rich._id)?.status).toBe('inactive');
  });

  it('lists newest first with paging and a total', () => {
    known.observe(
      Array.from({ length: 30 }, (_, i) => card(i + 1)),
      'authorization',
    );
    const first = known.list({ page: 0, limit: 10 });
    const last = known.list({ page: 2, limit: 10 });
    expect(first.total).toBe(30);
    expect(first.cards.map((c) => c._id)).toEqual(Array.from({ length: 10 }, (_, i) => hex(30 - i)));
    expect(last.cards.map((c) => c._id)).toEqual(Array.from({ length: 10 }, (_, i) => hex(10 - i)));
    expect(known.list({ page: 3, limit: 10 })).toEqual({ cards: [], total: 30 });
  });

  it('filters by customer and matches last four, brand, id prefix, customer id and client reference', () => {
    known.observe(
      Array.from({ length: 12 }, (_, i) => card(i + 1)),
      'authorization',
    );
    known.observe([card(20, { metadata: { clientReference: 'INV-2026-0042' }, customer: 'c'.repeat(24) })], 'issued');
    expect(known.list({ customerId: CUSTOMER_A }).cards.every((c) => c.customer === CUSTOMER_A)).toBe(true);
    expect(known.list({ customerId: CUSTOMER_A }).total).toBe(6);
    expect(known.list({ query: '1005' }).cards.map((c) => c._id)).toEqual([hex(5)]);
    expect(known.list({ query: 'visa' }).total).toBe(4); // 3, 6, 9, 12
    expect(known.list({ query: hex(20).slice(0, 23) }).cards.map((c) => c._id)).toEqual([hex(20)]); // an id prefix
    expect(known.list({ query: hex(10).slice(0, 22) }).total).toBe(13);
    expect(known.list({ query: 'c'.repeat(24) }).cards.map((c) => c._id)).toEqual([hex(20)]);
    expect(known.list({ query: 'inv-2026' }).cards.map((c) => c._id)).toEqual([hex(20)]);
    expect(known.list({ query: 'visa', customerId: CUSTOMER_B }).cards.map((c) => c._id)).toEqual([hex(12), hex(6)]);
    expect(known.list({ query: '%' }).total).toBe(0);
    // Ids show as their last 8: that ending (with or without the ellipsis, any case) finds the card.
    expect(known.list({ query: hex(20).slice(-8).toUpperCase() }).cards.map((c) => c._id)).toEqual([hex(20)]);
    expect(known.list({ query: `…${hex(20).slice(-8)}` }).cards.map((c) => c._id)).toEqual([hex(20)]);
  });

  it('keeps "issued" for a card seen embedded first and issued later', () => {
    const c = card(4);
    known.observe([c], 'authorization');
    known.record({ ...c, metadata: { clientReference: 'ref-4' } }, 'issued');
    known.observe([c], 'transaction');
    const db = new DatabaseSync(join(folder, KNOWN_CARDS_FILE), { readOnly: true });
    try {
      expect(db.prepare('SELECT source FROM cards WHERE id = ?').get(c._id)).toEqual({ source: 'issued' });
    } finally {
      db.close();
    }
    expect(known.get(c._id)?.metadata).toEqual({ clientReference: 'ref-4' });
  });

  it('marks a replaced card canceled, and later sightings do not revive it', () => {
    const c = card(5);
    known.observe([c], 'issued');
    expect(known.markCanceled(c._id)).toBe(true);
    expect(known.markCanceled(hex(404))).toBe(false);
    expect(known.get(c._id)?.status).toBe('canceled');
    known.observe([{ ...c, status: 'active', updatedAt: '2027-01-01T00:00:00.000Z' }], 'authorization');
    expect(known.get(c._id)?.status).toBe('canceled');
  });

  it('finds the newest card carrying a client reference', () => {
    known.observe(
      [card(1, { metadata: { clientReference: 'dup' } }), card(2, { metadata: { clientReference: 'dup' } }), card(3)],
      'issued',
    );
    expect(known.findByClientReference('dup')?._id).toBe(hex(2));
    expect(known.findByClientReference('none')).toBeNull();
  });

  it('finds the same cards after the file is closed and reopened', () => {
    const cards = Array.from({ length: 5 }, (_, i) => card(i + 1, { metadata: { clientReference: `r${i + 1}` } }));
    known.observe(cards, 'issued');
    known.markCanceled(hex(2));
    known.close();
    known = openKnownCards({ folder });
    expect(known.list().total).toBe(5);
    expect(known.get(hex(3))).toEqual(cards[2]);
    expect(known.get(hex(2))?.status).toBe('canceled');
    expect(known.findByClientReference('r4')?._id).toBe(hex(4));
  });

  it('refuses a file written by a newer schema', () => {
    known.close();
    setSchemaVersion(join(folder, KNOWN_CARDS_FILE), KNOWN_CARDS_SCHEMA_VERSION + 1);
    expect(() => openKnownCards({ folder })).toThrow(/newer than this Card Desk understands/);
    known = openKnownCards({ folder: join(folder, 'other') });
  });
});
