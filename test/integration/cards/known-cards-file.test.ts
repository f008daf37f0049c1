// A damaged or emptied known-cards index on a real file: moved aside, rebuilt with the cards the journal
// says were issued, a notice for the operator, and only the newest damaged copy kept.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KNOWN_CARDS_FILE, openKnownCards } from '../../../src-main/cards/known-cards';
import { openKnownCardsHealing } from '../../../src-main/cards/known-cards-file';
import { issuedCardsFromJournal } from '../../../src-main/issuing/issued-cards';
import { openJournal, type Journal } from '../../../src-main/journal/journal';
import { TEST_CHAIN_KEY } from '../../support/journal-key';

const CARD_ID = 'd'.repeat(24);
const ORIGIN = 'https://cards.example.com';
const OLD_ORIGIN = 'https://old-cards.example.com';
const OLD_CARD_ID = 'a'.repeat(24);
const UNADDRESSED_CARD_ID = 'b'.repeat(24);
let folder: string;
let journal: Journal;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'card-desk-known-cards-'));
  journal = openJournal({ key: TEST_CHAIN_KEY, file: join(folder, 'journal.sqlite') });
  /** A card request journalled and settled; `n` keeps its reference and fingerprint apart from the others'. */
  const write = (
    n: number,
    environmentId: string,
    origin: string | undefined,
    settled: Parameters<Journal['settle']>[1],
    request = {},
  ) => {
    const entry = journal.begin({
      environmentId,
      ...(origin ? { origin } : {}),
      operation: 'cards.create',
      request,
      clientReference: `cd-ref-${n}`,
      fingerprint: `f${n}`,
    });
    journal.settle(entry.id, settled);
  };
  const issued = { customerId: 'c'.repeat(24), type: 'virtual', brand: 'Verve', currency: 'NGN', status: 'active' };
  write(1, 'env-a', ORIGIN, { outcome: 'succeeded', resultId: CARD_ID }, issued);
  // A failed write and another environment's card do not come back.
  write(2, 'env-a', undefined, { outcome: 'failed', error: 'no' });
  write(3, 'env-b', undefined, { outcome: 'succeeded', resultId: 'e'.repeat(24) });
  // Nor does a card env-a issued at its earlier address, or one whose entry predates recorded addresses.
  write(4, 'env-a', OLD_ORIGIN, { outcome: 'succeeded', resultId: OLD_CARD_ID });
  write(5, 'env-a', undefined, { outcome: 'succeeded', resultId: UNADDRESSED_CARD_ID });
});
afterEach(() => {
  journal.close();
  rmSync(folder, { recursive: true, force: true });
});

const file = () => join(folder, KNOWN_CARDS_FILE);
const copies = () => readdirSync(folder).filter((f) => /^known-cards\.sqlite\.corrupt-[^]*Z$/.test(f));
const open = () => openKnownCardsHealing({ folder, issued: () => issuedCardsFromJournal(journal, 'env-a', ORIGIN) });

describe('the known-cards index', () => {
  it('opens cleanly with no notice', () => {
    const { knownCards, notice } = open();
    expect(notice).toBeNull();
    knownCards.close();
  });

  it('damaged: moved aside, rebuilt from the journal, with a notice; only the newest damaged copy is kept', () => {
    openKnownCards({ folder }).close();
    writeFileSync(`${file()}.corrupt-2020-01-01T00-00-00-000Z`, 'old');
    writeFileSync(file(), Buffer.alloc(8192, 0xa5));
    const { knownCards, notice } = open();
    expect(notice).toMatch(/could not be read\. It was set aside as known-cards\.sqlite\.corrupt-/);
    expect(notice).toContain('1 card issued from Card Desk came back from the journal');
    expect(copies()).toHaveLength(1);
    expect(copies()[0]).not.toContain('2020-01-01');
    expect(knownCards.get(CARD_ID)).toMatchObject({ _id: CARD_ID, brand: 'Verve', customer: 'c'.repeat(24) });
    expect(knownCards.findByClientReference('cd-ref-1')?._id).toBe(CARD_ID);
    expect(knownCards.list().total).toBe(1);
    expect(knownCards.get(OLD_CARD_ID)).toBeNull();
    expect(knownCards.get(UNADDRESSED_CARD_ID)).toBeNull();
    knownCards.close();
  });

  it('rebuilt for the earlier address, it holds only the cards issued there', () => {
    writeFileSync(file(), '');
    const { knownCards } = openKnownCardsHealing({
      folder,
      issued: () => issuedCardsFromJournal(journal, 'env-a', OLD_ORIGIN),
    });
    expect(knownCards.list().total).toBe(1);
    expect(knownCards.get(OLD_CARD_ID)?._id).toBe(OLD_CARD_ID);
    expect(knownCards.get(CARD_ID)).toBeNull();
  });

  it('emptied to 0 bytes: a notice too, and rebuilt', () => {
    openKnownCards({ folder }).close();
    for (const suffix of ['-wal', '-shm']) rmSync(file() + suffix, { force: true });
    writeFileSync(file(), '');
    const { knownCards, notice } = open();
    expect(notice).toMatch(/^The index of known cards was empty\./);
    expect(knownCards.get(CARD_ID)?._id).toBe(CARD_ID);
    knownCards.close();
  });
});
