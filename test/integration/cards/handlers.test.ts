// The cards.known and cards.get handlers over a real known-cards file, with inputs checked by the contract.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../../src-shared/ipc/contract';
import { resultSchema } from '../../../src-shared/ipc/result';
import { knownCardsHandlers } from '../../../src-main/cards/known-cards-handlers';
import { type KnownCards, openKnownCards } from '../../../src-main/cards/known-cards';

const ctx = { signal: new AbortController().signal };
const hex = (n: number) => n.toString(16).padStart(24, '0');

describe('known cards handlers', () => {
  let folder: string;
  let known: KnownCards;
  beforeAll(() => {
    folder = mkdtempSync(join(tmpdir(), 'known-handlers-'));
    known = openKnownCards({ folder });
    known.observe(
      Array.from({ length: 23 }, (_, i) => ({
        _id: hex(i + 1),
        brand: 'Verve',
        maskedPan: `506099******${String(2000 + i)}`,
        customer: 'a'.repeat(24),
        createdAt: new Date(Date.UTC(2026, 5, 1, 0, i)).toISOString(),
      })),
      'authorization',
    );
  });
  afterAll(() => {
    known.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('cards.known answers a page of cards with its pagination', async () => {
    const handlers = knownCardsHandlers(async () => known);
    const input = contract['cards.known'].input.parse({ page: 2, limit: 10 });
    const result = await handlers['cards.known'](input, ctx);
    expect(resultSchema(contract['cards.known'].output).safeParse(result).success).toBe(true);
    expect(result).toMatchObject({ ok: true, pagination: { total: 23, pages: 3, page: 2, limit: 10 } });
    expect(result.ok && result.data.map((c) => c._id)).toEqual([hex(3), hex(2), hex(1)]);
  });

  it('cards.known uses the default page size and filters', async () => {
    const handlers = knownCardsHandlers(async () => known);
    const result = await handlers['cards.known']({ query: '2005' }, ctx);
    expect(result).toMatchObject({ ok: true, pagination: { total: 1, pages: 1, page: 0, limit: 25 } });
    expect(result.ok && result.data.map((c) => c._id)).toEqual([hex(6)]);
  });

  it('cards.get answers the card, or not_found naming the id', async () => {
    const handlers = knownCardsHandlers(async () => known);
    expect(await handlers['cards.get']({ id: hex(4) }, ctx)).toMatchObject({
      ok: true,
      data: { _id: hex(4), brand: 'Verve' },
    });
    expect(await handlers['cards.get']({ id: hex(99) }, ctx)).toMatchObject({
      ok: false,
      error: { kind: 'not_found', field: 'id' },
    });
  });
});
