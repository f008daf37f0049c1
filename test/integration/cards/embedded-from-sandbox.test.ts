// Cards embedded in authorizations and transactions fetched from the real sandbox over HTTP, indexed in
// a real SQLite file.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Authorization, Card } from '../../../src-shared/api/records';
import { createCardApiClient } from '../../../src-main/api/client';
import type { CardApiClient } from '../../../src-main/api/types';
import { extractEmbeddedCards } from '../../../src-main/cards/embedded-cards';
import { type KnownCards, openKnownCards } from '../../../src-main/cards/known-cards';
import { type SandboxHandle, startSandbox } from '../../../src-main/sandbox';
import { virtualCardRequest } from '../../support/card-requests';

describe('embedded cards from the sandbox', () => {
  let sandbox: SandboxHandle;
  let api: CardApiClient;
  let folder: string;
  let known: KnownCards;
  beforeAll(async () => {
    sandbox = await startSandbox({ customers: 200 });
    api = createCardApiClient({ baseUrl: sandbox.url, getKey: async () => sandbox.key });
    folder = mkdtempSync(join(tmpdir(), 'embedded-cards-'));
    known = openKnownCards({ folder });
  });
  afterAll(async () => {
    known?.close();
    await sandbox?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('indexes every card embedded in the authorizations, with string customer and account ids', async () => {
    const page = await api.listAuthorizations({ page: 0, limit: 100 });
    if (!page.ok) throw new Error(page.error.message);
    const auths: Authorization[] = page.data;
    const embedded = auths.map((a) => a.card).filter((c): c is Card => typeof c === 'object');
    expect(embedded.length).toBe(auths.length);

    const cards = extractEmbeddedCards(auths);
    expect(new Set(cards.map((c) => c._id))).toEqual(new Set(embedded.map((c) => c._id)));
    for (const card of cards) {
      const from = auths.find((a) => typeof a.card === 'object' && a.card._id === card._id)!;
      expect(card.customer).toBe(typeof from.customer === 'object' ? from.customer._id : from.customer);
      expect(typeof card.account).toBe('string');
      expect(card.maskedPan).toMatch(/^\d{6}\*+\d{4}$/);
    }

    expect(known.observe(cards, 'authorization')).toBe(cards.length);
    expect(known.list({ limit: 100 }).total).toBe(cards.length);
    const one = cards[0]!;
    expect(known.get(one._id)).toEqual(one);
    expect(known.list({ customerId: one.customer as string }).cards.map((c) => c._id)).toContain(one._id);
    expect(known.list({ query: one.maskedPan!.slice(-4) }).cards.map((c) => c._id)).toContain(one._id);
  });

  it("indexes the cards of a card's transactions, and an issued card stays issued", async () => {
    const fixture = sandbox.fixtures.cards[0]!;
    const txs = await api.listCardTransactions({ cardId: fixture.id, page: 0, limit: 100 });
    if (!txs.ok) throw new Error(txs.error.message);
    const cards = extractEmbeddedCards(txs.data);
    expect(cards.map((c) => c._id)).toEqual([fixture.id]);
    expect(cards[0]!.customer).toBe(fixture.customerId);
    known.observe(cards, 'transaction');
    expect(known.get(fixture.id)?.customer).toBe(fixture.customerId);
  });

  it('records a card issued through the API and finds it by client reference after a reopen', async () => {
    const { fixtures } = sandbox;
    const created = await api.createCard(
      virtualCardRequest(fixtures, {
        customerId: fixtures.sampleCustomerIds[1]!,
        metadata: { clientReference: 'cd-7f3a' },
      }),
    );
    if (!created.ok) throw new Error(created.error.message);
    known.record(created.data, 'issued');
    known.close();
    known = openKnownCards({ folder });
    expect(known.findByClientReference('cd-7f3a')).toEqual(created.data);
    expect(known.list({ query: 'cd-7f' }).cards.map((c) => c._id)).toEqual([created.data._id]);
  });
});
