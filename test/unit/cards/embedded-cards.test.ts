import { describe, expect, it } from 'vitest';
import type { Authorization, Transaction } from '../../../src-shared/api/records';
import { extractEmbeddedCards } from '../../../src-main/cards/embedded-cards';

const id = (c: string) => c.repeat(24);

describe('extractEmbeddedCards', () => {
  it('takes object-form cards only, with customer and account as string ids', () => {
    const auth: Authorization = {
      _id: id('1'),
      amount: 10,
      customer: { _id: id('a'), name: 'Ada Obi' },
      account: { _id: id('b') },
      card: { _id: id('c'), maskedPan: '506099******1234', customer: { _id: id('a') } },
    };
    const tx: Transaction = { _id: id('2'), amount: -10, card: id('d'), customer: id('a') };
    const cards = extractEmbeddedCards([auth, tx]);
    expect(cards).toEqual([{ _id: id('c'), maskedPan: '506099******1234', customer: id('a'), account: id('b') }]);
  });

  it('keeps the newest sighting of a card seen twice', () => {
    const older: Authorization = {
      _id: id('1'),
      amount: 1,
      card: { _id: id('c'), status: 'active', updatedAt: '2026-11-01T00:00:00Z' },
    };
    const newer: Authorization = {
      _id: id('2'),
      amount: 1,
      card: { _id: id('c'), status: 'inactive', updatedAt: '2026-11-03T00:00:00Z' },
    };
    expect(extractEmbeddedCards([older, newer, older]).map((c) => c.status)).toEqual(['inactive']);
  });
});
