import { describe, expect, it } from 'vitest';
import { knownCardsHandlers } from '../../../src-main/cards/known-cards-handlers';

const ctx = { signal: new AbortController().signal };

describe('known cards handlers', () => {
  it('never throw: an index that cannot be opened is an internal error', async () => {
    const handlers = knownCardsHandlers(async () => {
      throw new Error('disk unavailable');
    });
    expect(await handlers['cards.known']({}, ctx)).toMatchObject({
      ok: false,
      error: { kind: 'internal', message: expect.stringContaining('disk unavailable') },
    });
    expect(await handlers['cards.get']({ id: 'a'.repeat(24) }, ctx)).toMatchObject({
      ok: false,
      error: { kind: 'internal' },
    });
  });
});
