// Exporting authorizations for a date range from the real sandbox over HTTP, checked row by row against
// what the API returns for the same query across all pages.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Authorization } from '../../../src-shared/api/records';
import { openKnownCards } from '../../../src-main/cards/known-cards';
import { EXPORT_PAGE_SIZE } from '../../../src-main/exports/service';
import {
  ProgressRecorder,
  TempFolderSavePort,
  allPages,
  type ExportWorld,
  exportServiceFor,
  startExportWorld,
} from './export-fixtures';
import { readCsvObjects } from '../../support/read-csv';

const NOW = new Date('2026-11-22T12:00:00Z');
const RANGE = { fromDate: '2026-09-01', toDate: '2026-11-15' };

describe('export authorizations (real sandbox)', () => {
  let world: ExportWorld;
  beforeAll(async () => {
    world = await startExportWorld({ customers: 300, now: () => NOW });
  });
  afterAll(async () => world?.close());

  it('writes every authorization of the date range, across all pages, as the API lists them', async () => {
    const expected: Authorization[] = await allPages((page) =>
      world.api.listAuthorizations({ ...RANGE, page, limit: 100 }),
    );
    expect(expected.length).toBeGreaterThan(EXPORT_PAGE_SIZE * 2); // the range spans several pages
    world.sandbox.clearRequests();

    const save = new TempFolderSavePort(world.dir);
    const progress = new ProgressRecorder();
    const service = exportServiceFor(world, { saveFile: save, emit: progress.emit, now: () => NOW });
    const started = await service.start({ source: 'authorizations', query: { ...RANGE, page: 2, limit: 25 } });
    expect(started).toEqual({ ok: true, data: { exportId: expect.any(String), cancelledByUser: false } });
    const exportId = started.ok ? started.data.exportId! : '';
    const final = await progress.final(exportId);

    const target = join(world.dir, 'card-desk-authorizations-2026-11-22.csv');
    expect(save.asked).toEqual(['card-desk-authorizations-2026-11-22.csv']);
    expect(final).toMatchObject({
      phase: 'done',
      rows: expected.length,
      file: target,
      totalPages: Math.ceil(expected.length / 100),
    });
    expect(readdirSync(world.dir).filter((f) => f.endsWith('.part'))).toEqual([]);

    const { headers, rows } = readCsvObjects(readFileSync(target, 'utf8'));
    expect(headers).toEqual(
      expect.arrayContaining([
        'id',
        'createdAt (UTC)',
        'declineReason',
        'amount',
        'currency',
        'merchantName',
        'merchantCategory',
        'status',
        'maskedPan',
        'customerName',
      ]),
    );
    expect(rows.map((r) => r.id)).toEqual(expected.map((a) => a._id));
    rows.forEach((row, i) => {
      const a = expected[i]!;
      const card = typeof a.card === 'object' ? a.card : undefined;
      const customer = typeof a.customer === 'object' ? a.customer : undefined;
      expect(row).toMatchObject({
        'createdAt (UTC)': new Date(a.createdAt!).toISOString(),
        status: a.status ?? '',
        amount: String(a.amount),
        currency: a.currency ?? '',
        merchantAmount: String(a.merchantAmount ?? ''),
        merchantName: a.merchant?.name ?? '',
        merchantCategory: a.merchant?.category ?? '',
        cardId: card?._id ?? '',
        maskedPan: card?.maskedPan ?? '',
        customerId: customer?._id ?? '',
        customerName: customer?.name ?? '',
      });
      expect(Number(row.amount)).toBe(a.amount);
      const at = row['createdAt (UTC)']!;
      expect(at >= '2026-09-01' && at < '2026-11-16').toBe(true);
      // Never a full card number: at most six and four digits show.
      expect(row.maskedPan!.replace(/\D/g, '').length).toBeLessThanOrEqual(10);
    });

    // The same filters on every page, at the largest page size, ignoring the view's own page and limit.
    const urls = world.sandbox.requests().map((r) => new URL(r.url, world.sandbox.url));
    expect(urls.map((u) => u.pathname)).toEqual(
      expected.length ? Array(Math.ceil(expected.length / 100)).fill('/cards/authorizations') : [],
    );
    urls.forEach((u, page) => {
      expect(Object.fromEntries(u.searchParams)).toEqual({ ...RANGE, page: String(page), limit: '100' });
    });
  });

  it('reports progress that only grows and ends with done', async () => {
    const save = new TempFolderSavePort(world.dir);
    save.fileName = 'progress.csv';
    const progress = new ProgressRecorder();
    const service = exportServiceFor(world, { saveFile: save, emit: progress.emit });
    const started = await service.start({ source: 'authorizations', query: RANGE });
    const exportId = started.ok ? started.data.exportId! : '';
    await progress.final(exportId);
    const events = progress.of(exportId);
    expect(events.length).toBeGreaterThanOrEqual(3);
    for (let i = 1; i < events.length; i++) {
      expect(events[i]!.rows).toBeGreaterThanOrEqual(events[i - 1]!.rows);
      expect(events[i]!.pagesDone).toBeGreaterThanOrEqual(events[i - 1]!.pagesDone);
    }
    expect(events.slice(0, -1).every((e) => e.phase === 'running' && e.file === null)).toBe(true);
    expect(events.at(-1)).toMatchObject({ phase: 'done', file: join(world.dir, 'progress.csv') });
  });

  it('throttles running events but still sends the final one', async () => {
    const save = new TempFolderSavePort(world.dir);
    save.fileName = 'throttled.csv';
    const progress = new ProgressRecorder();
    const service = exportServiceFor(world, { saveFile: save, emit: progress.emit, progressIntervalMs: 60_000 });
    const started = await service.start({ source: 'authorizations', query: RANGE });
    const exportId = started.ok ? started.data.exportId! : '';
    const final = await progress.final(exportId);
    expect(progress.of(exportId).map((e) => e.phase)).toEqual(['running', 'done']);
    expect(final.pagesDone).toBeGreaterThan(1);
  });

  it('teaches the known-cards index the cards embedded in what it exported', async () => {
    const known = openKnownCards({ folder: join(world.dir, 'learned') });
    try {
      const save = new TempFolderSavePort(world.dir);
      save.fileName = 'learned.csv';
      const progress = new ProgressRecorder();
      const service = exportServiceFor(world, {
        saveFile: save,
        emit: progress.emit,
        getKnownCards: async () => known,
      });
      const started = await service.start({ source: 'authorizations', query: RANGE });
      expect(known.list().total).toBe(0);
      await progress.final(started.ok ? started.data.exportId! : '');

      const exported: Authorization[] = await allPages((page) =>
        world.api.listAuthorizations({ ...RANGE, page, limit: 100 }),
      );
      const cardIds = new Set(exported.map((a) => (typeof a.card === 'object' ? a.card._id : a.card)));
      const { cards, total } = known.list({ limit: 100 });
      expect(total).toBe(cardIds.size);
      expect(new Set(cards.map((c) => c._id))).toEqual(cardIds);
      for (const c of cards) expect(typeof c.customer).toBe('string');
    } finally {
      known.close();
    }
  });
});
