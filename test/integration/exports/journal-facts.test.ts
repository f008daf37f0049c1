// The journal's CSV carries the facts the review showed before sending: the bank account a card was mapped
// to with its bank's name, the holder's name, the check and the reason it was mapped anyway; the card a
// replacement replaced and why; the account or funding source it draws on.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openJournal } from '../../../src-main/journal/journal';
import { type ExportWorld, runExport, startExportWorld } from './export-fixtures';

describe('the journal export tells what the review told', () => {
  let world: ExportWorld;
  beforeAll(async () => {
    world = await startExportWorld({ customers: 20 });
  });
  afterAll(async () => world?.close());

  it('a card mapped anyway to a bank account, and a replacement', async () => {
    const journal = openJournal({ file: join(world.dir, 'journal-facts.sqlite') });
    try {
      const base = { customerId: 'a'.repeat(24), type: 'virtual', brand: 'Verve', currency: 'NGN', status: 'active' };
      const mapped = journal.begin({
        environmentId: world.environment.id,
        operation: 'cards.create',
        request: {
          ...base,
          bankCode: '058',
          accountNumber: '0123456789',
          metadata: {
            accountHolderName: 'Chinedu Okafor',
            holderNameCheck: 'does not match the customer',
            mappedAnywayBecause: 'Joint account with his wife',
          },
        },
        clientReference: 'ref-mapped',
        fingerprint: 'f-mapped',
      });
      const replaced = journal.begin({
        environmentId: world.environment.id,
        operation: 'cards.create',
        request: { ...base, replacementFor: 'c'.repeat(24), reason: 'stolen', amount: 1500 },
        clientReference: 'ref-replace',
        fingerprint: 'f-replace',
      });
      const { rows } = await runExport(
        world,
        'journal',
        {},
        {
          fileName: 'journal-facts.csv',
          deps: { getJournal: async () => journal },
        },
      );
      expect(rows.find((r) => r.id === mapped.id)).toMatchObject({
        bankCode: '058',
        bankName: 'Guaranty Trust Bank',
        accountNumber: '0123456789',
        accountHolderName: 'Chinedu Okafor',
        holderNameCheck: 'does not match the customer',
        mappedAnywayBecause: 'Joint account with his wife',
        status: 'active',
      });
      expect(rows.find((r) => r.id === replaced.id)).toMatchObject({
        replacementFor: 'c'.repeat(24),
        replacementReason: 'stolen',
        amount: '1500',
        currency: 'NGN',
      });
    } finally {
      journal.close();
    }
  });
});
