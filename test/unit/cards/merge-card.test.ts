import { describe, expect, it } from 'vitest';
import type { Card } from '../../../src-shared/api/records';
import { mergeCard, mergeSource } from '../../../src-main/cards/merge-card';

const base: Card = {
  _id: 'c'.repeat(24),
  status: 'active',
  maskedPan: '506099******1234',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

describe('mergeCard', () => {
  it('lets the newer sighting win where both say something', () => {
    const newer = { ...base, status: 'inactive', updatedAt: '2026-11-02T00:00:00.000Z' };
    expect(mergeCard(base, newer).status).toBe('inactive');
    expect(mergeCard(newer, base).status).toBe('inactive');
  });

  it('never lets a thinner sighting erase what a richer one said', () => {
    const rich: Card = {
      ...base,
      customer: { _id: 'a'.repeat(24), name: 'Ada Obi' },
      providerReference: 'PR-1',
      metadata: { clientReference: 'r1' },
    };
    const thin: Card = {
      _id: base._id,
      customer: 'a'.repeat(24),
      metadata: null,
      updatedAt: '2026-11-05T00:00:00.000Z',
    };
    const merged = mergeCard(rich, thin);
    expect(merged.customer).toEqual({ _id: 'a'.repeat(24), name: 'Ada Obi' });
    expect(merged.providerReference).toBe('PR-1');
    expect(merged.metadata).toEqual({ clientReference: 'r1' });
    expect(merged.updatedAt).toBe('2026-11-05T00:00:00.000Z');
  });

  it('fills fields an older sighting knew but the newer one lacks', () => {
    const older: Card = { ...base, is2FAEnabled: true, updatedAt: '2026-10-01T00:00:00.000Z' };
    expect(mergeCard(base, older)).toMatchObject({ is2FAEnabled: true, updatedAt: base.updatedAt });
  });

  it('keeps a canceled card canceled', () => {
    const canceled = { ...base, status: 'canceled' };
    expect(mergeCard(canceled, { ...base, status: 'active', updatedAt: '2026-12-01T00:00:00.000Z' }).status).toBe(
      'canceled',
    );
  });
});

describe('mergeSource', () => {
  it('keeps issued whatever comes later or earlier, else the first source', () => {
    expect(mergeSource('authorization', 'issued')).toBe('issued');
    expect(mergeSource('issued', 'transaction')).toBe('issued');
    expect(mergeSource('authorization', 'transaction')).toBe('authorization');
    expect(mergeSource(null, 'transaction')).toBe('transaction');
  });
});
