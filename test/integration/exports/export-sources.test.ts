// Each exportable list against the real sandbox: rows match the API, money stays numeric (negative
// captures too), formula-like text is guarded, bad queries are refused naming the field.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transaction } from '../../../src-shared/api/records';
import type { ExportServiceDeps } from '../../../src-main/exports/service';
import type { ExportSourceName } from '../../../src-main/exports/sources';
import { openJournal } from '../../../src-main/journal/journal';
import { virtualCardRequest } from '../../support/card-requests';
import {
  ProgressRecorder,
  TempFolderSavePort,
  allPages,
  type ExportWorld,
  exportServiceFor,
  runExport,
  startExportWorld,
} from './export-fixtures';

describe('export sources (real sandbox)', () => {
  let world: ExportWorld;
  beforeAll(async () => {
    world = await startExportWorld({ customers: 250 });
  });
  afterAll(async () => world?.close());

  /** Runs one export to completion and reads the file back. */
  const exportToCsv = (
    source: ExportSourceName,
    query: Record<string, string | number | boolean> = {},
    deps: Partial<ExportServiceDeps> = {},
  ) => runExport(world, source, query, { fileName: `${source}-${Math.random().toString(36).slice(2)}.csv`, deps });

  it('customers: every customer across pages, in API order', async () => {
    const expected = await allPages((page) => world.api.listCustomers({ page, limit: 100 }));
    const { rows, final } = await exportToCsv('customers');
    expect(expected).toHaveLength(250);
    expect(final.pagesDone).toBe(3);
    expect(rows.map((r) => r.id)).toEqual(expected.map((c) => c._id));
    expect(rows[0]).toMatchObject({
      name: expected[0]!.name,
      emailAddress: expected[0]!.emailAddress,
      approved: String(expected[0]!.isApproved),
    });
  });

  it('accounts: the currency and type filters are passed on', async () => {
    const expected = await allPages((page) =>
      world.api.listAccounts({ currency: 'USD', type: 'wallet', page, limit: 100 }),
    );
    expect(expected.length).toBeGreaterThan(0);
    const { rows } = await exportToCsv('accounts', { currency: 'USD', type: 'wallet' });
    expect(rows.map((r) => r.id)).toEqual(expected.map((a) => a._id));
    expect(rows.every((r) => r.currency === 'USD' && r.type === 'wallet')).toBe(true);
    expect(rows.map((r) => Number(r.availableBalance))).toEqual(expected.map((a) => a.availableBalance));
  });

  it('disputes and funding sources: every record', async () => {
    const disputes = await allPages((page) => world.api.listDisputes({ page, limit: 100 }));
    const funding = await allPages((page) => world.api.listFundingSources({ page, limit: 100 }));
    expect((await exportToCsv('disputes')).rows.map((r) => [r.id, r.reason, r.status])).toEqual(
      disputes.map((d) => [d._id, d.reason ?? '', d.status ?? '']),
    );
    expect((await exportToCsv('fundingSources')).rows.map((r) => [r.id, r.status])).toEqual(
      funding.map((f) => [f._id, f.status ?? '']),
    );
  });

  it('card transactions: negative captures stay plain numbers with their currency', async () => {
    const cardId = world.sandbox.fixtures.cards[1]!.id;
    const expected: Transaction[] = await allPages((page) =>
      world.api.listCardTransactions({ cardId, page, limit: 100 }),
    );
    expect(expected.some((t) => t.amount < 0)).toBe(true);
    const { rows } = await exportToCsv('cardTransactions', { cardId });
    expect(rows.map((r) => r.id)).toEqual(expected.map((t) => t._id));
    rows.forEach((row, i) => {
      expect(row.amount).toBe(String(expected[i]!.amount));
      expect(row.amount!.startsWith("'")).toBe(false);
      expect(row.currency).toBe(expected[i]!.currency);
      expect(row.cardId).toBe(cardId);
    });
  });

  it('known cards: a client reference that looks like a formula is written as text', async () => {
    const evil = '=HYPERLINK("http://evil.example","open")';
    const created = await world.api.createCard(
      virtualCardRequest(world.sandbox.fixtures, { metadata: { clientReference: evil } }),
    );
    if (!created.ok) throw new Error(created.error.message);
    world.known.record(created.data, 'issued');
    const { rows } = await exportToCsv('knownCards', { query: '=HYPER' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: created.data._id,
      clientReference: `'${evil}`,
      maskedPan: created.data.maskedPan,
      status: 'active',
    });
    expect(rows[0]!.maskedPan!.replace(/\D/g, '').length).toBeLessThanOrEqual(10);
  });

  it("journal: the active environment's writes, when the journal is there", async () => {
    const journal = openJournal({ file: join(world.dir, 'journal.sqlite') });
    try {
      const request = {
        customerId: 'a'.repeat(24),
        type: 'physical',
        brand: 'Verve',
        currency: 'NGN',
        number: '5060990000001234',
      };
      const mine = journal.begin({
        environmentId: world.environment.id,
        operation: 'cards.create',
        request,
        clientReference: 'ref-1',
        fingerprint: 'f1',
      });
      journal.settle(mine.id, { outcome: 'succeeded', resultId: 'b'.repeat(24) });
      journal.begin({
        environmentId: 'production',
        operation: 'accounts.create',
        request: { type: 'wallet' },
        clientReference: null,
        fingerprint: 'f2',
      });
      const { rows } = await exportToCsv('journal', {}, { getJournal: async () => journal });
      expect(rows).toEqual([
        expect.objectContaining({
          id: mine.id,
          outcome: 'succeeded',
          resultId: 'b'.repeat(24),
          clientReference: 'ref-1',
          brand: 'Verve',
        }),
      ]);
      expect(JSON.stringify(rows)).not.toMatch(/5060990000001234/);
    } finally {
      journal.close();
    }
  });

  describe('refused before the save dialog, with nothing sent', () => {
    // The error names the field for the form; its message names it in the operator's words.
    const refusals: [ExportSourceName, Record<string, string | number | boolean>, string, RegExp][] = [
      ['authorizations', { fromDate: '22/11/2026' }, 'fromDate', /start date/],
      ['authorizations', { fromDate: '2026-11-20', toDate: '2026-11-01' }, 'fromDate', /start date/],
      ['cardTransactions', {}, 'cardId', /card id/],
      ['cardTransactions', { cardId: 'not-an-id' }, 'cardId', /card id/],
      ['accounts', { currency: 'EUR' }, 'currency', /currency/],
      ['customers', { limit: 1000 }, 'limit', /limit/],
    ];
    it.each(refusals)('%s %j names %s', async (source, query, field, words) => {
      world.sandbox.clearRequests();
      const save = new TempFolderSavePort(world.dir);
      const service = exportServiceFor(world, { saveFile: save, emit: new ProgressRecorder().emit });
      const started = await service.start({ source, query });
      expect(started.ok).toBe(false);
      if (started.ok) return;
      expect(started.error).toMatchObject({ kind: 'validation', field });
      expect(started.error.message).toMatch(words);
      expect(save.asked).toEqual([]);
      expect(world.sandbox.requests()).toEqual([]);
    });

    it('the journal, when there is none', async () => {
      const save = new TempFolderSavePort(world.dir);
      const service = exportServiceFor(world, { saveFile: save, emit: new ProgressRecorder().emit });
      const started = await service.start({ source: 'journal' });
      expect(started).toMatchObject({ ok: false, error: { kind: 'not_found', field: 'source' } });
      expect(save.asked).toEqual([]);
    });
  });
});
