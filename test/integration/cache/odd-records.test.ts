// Against the independent server (test/support/independent-api.ts) whose list holds 1,000 ordinary customers and
// the odd ones of test/support/odd-customers.ts (a null phone, a KYC flag as text, no email, a createdAt that is
// not a date, an unknown field, a 20,000-character name, a name with a bidi override and zero-width
// characters): every page of customers.list answers, the sync stores every customer and says how many had
// fields it could not read, the log names each with its field and no personal value, each customer is
// found by search (the zero-width one by the word on screen), and the export writes a row for each.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backgroundClient } from '../../../src-main/api/call-priority';
import { createCardApiClient } from '../../../src-main/api/client';
import type { CardApiClient } from '../../../src-main/api/types';
import type { CustomerCacheService } from '../../../src-main/cache/service';
import { createExportService } from '../../../src-main/exports/service';
import type { Logger } from '../../../src-main/ports/ports';
import type { SyncProgress } from '../../../src-shared/ipc/channels/customers';
import { ProgressRecorder, TempFolderSavePort } from '../exports/export-fixtures';
import { readCsvObjects } from '../../support/read-csv';
import { type IndependentApi, startIndependentApi } from '../../support/independent-api';
import { LONG_NAME_LENGTH, ODD_CUSTOMERS } from '../../support/odd-customers';
import { openCache, temporaryFolder } from './cache-fixture';

const ORDINARY = 1_000;
const ALL = ORDINARY + ODD_CUSTOMERS.length;

/** A logger that keeps every line, as the log file would. */
function recordingLogger(): Logger & { lines: { level: string; obj: object; msg?: string }[] } {
  const lines: { level: string; obj: object; msg?: string }[] = [];
  const at = (level: string) => (obj: object, msg?: string) => lines.push({ level, obj, ...(msg ? { msg } : {}) });
  return { lines, debug: () => undefined, info: at('info'), warn: at('warn'), error: at('error') };
}

let server: IndependentApi;
let api: CardApiClient;
let cache: CustomerCacheService;
let events: SyncProgress[];
let tmp: { folder: string; remove(): void };
const logger = recordingLogger();
let synced: SyncProgress;

beforeAll(async () => {
  server = await startIndependentApi({ customers: ORDINARY, customerStyle: 'people', oddCustomers: true });
  api = createCardApiClient({ baseUrl: server.url, getKey: async () => server.key, logger });
  tmp = temporaryFolder();
  ({ cache, events } = await openCache(tmp.folder, backgroundClient(api), { logger }));
  const result = await cache.sync();
  if (!result.ok) throw new Error(result.error.message);
  synced = result.data;
}, 60_000);
afterAll(async () => {
  await cache.close();
  await server.stop();
  tmp.remove();
});

describe('a customer list with odd records among 1,000 ordinary ones', () => {
  it('answers customers.list for every page, each customer once', async () => {
    const ids: string[] = [];
    for (let page = 0; page < Math.ceil(ALL / 100); page++) {
      const r = await api.listCustomers({ page, limit: 100 });
      expect(r.ok, `page ${page}`).toBe(true);
      if (r.ok) ids.push(...r.data.map((c) => c._id));
    }
    expect(ids).toHaveLength(ALL);
    expect(new Set(ids).size).toBe(ALL);
  });

  it('keeps what it can read of an odd record, takes the rest out and keeps its raw value', async () => {
    const all: Record<string, unknown>[] = [];
    for (let page = 0; page < Math.ceil(ALL / 100); page++) {
      const p = await api.listCustomers({ page, limit: 100 });
      if (p.ok) all.push(...(p.data as Record<string, unknown>[]));
    }
    const nullPhone = all.find((c) => c._id === ODD_CUSTOMERS[0]!.record._id)!;
    expect(nullPhone).not.toHaveProperty('phoneNumber');
    expect(nullPhone.name).toBe('Nullphone Adebayo');
    expect(nullPhone.cardDeskUnreadable).toEqual([
      { field: 'phoneNumber', problem: 'expected string, got null', value: null },
    ]);
    const textKyc = all.find((c) => c._id === ODD_CUSTOMERS[1]!.record._id)!;
    expect(textKyc).not.toHaveProperty('isApproved');
    expect(textKyc.cardDeskUnreadable).toEqual([
      { field: 'isApproved', problem: 'expected boolean, got string', value: 'true' },
    ]);
  });

  it('completes the sync with every customer stored and says how many had fields it could not read', () => {
    expect(synced).toMatchObject({ phase: 'done', customers: ALL, unreadable: 3 });
    expect(synced.message).toBe('3 customers had fields Card Desk could not read; they are listed in the log.');
    expect(events.at(-1)).toEqual(synced);
  });

  it('logs each odd customer once, with its id and field, and no personal value', () => {
    const noted = logger.lines.filter((l) => l.msg === 'record has fields Card Desk could not read');
    for (const odd of ODD_CUSTOMERS.filter((o) => o.unreadable.length > 0)) {
      const lines = noted.filter((l) => (l.obj as { id?: string }).id === odd.record._id);
      // Once from the sync; the list calls above read the same record again and are not logged again.
      expect(lines, String(odd.record._id)).toHaveLength(1);
      const fields = (lines[0]!.obj as { fields: string[] }).fields;
      expect(fields.map((f) => f.split(':')[0])).toEqual(odd.unreadable);
    }
    const text = JSON.stringify(logger.lines);
    for (const odd of ODD_CUSTOMERS) {
      expect(text).not.toContain(String(odd.record.name).split(' ')[0]);
      expect(text).not.toContain(typeof odd.record.emailAddress === 'string' ? odd.record.emailAddress : '@@none');
    }
  });

  it('finds every ordinary customer by email and every odd one by the word on screen', async () => {
    const ordinary = server.customers.filter((c) => !String(c._id).startsWith('0dd'));
    expect(ordinary).toHaveLength(ORDINARY);
    for (const c of ordinary) {
      const found = await cache.search(c.emailAddress);
      expect(
        found.results.map((r) => r._id),
        c.emailAddress,
      ).toContain(c._id);
    }
    for (const odd of ODD_CUSTOMERS) {
      const found = await cache.search(odd.searchBy);
      expect(
        found.results.map((r) => r._id),
        odd.searchBy,
      ).toContain(odd.record._id);
    }
    // The zero-width name by its other visible word, and typed (or pasted) with its invisible characters.
    const zeroWidth = String(ODD_CUSTOMERS[6]!.record._id);
    for (const typed of ['Hiddenmark', 'zerowidth hidden', '\u200BZero\u200Dwidth\u202E'])
      expect(
        (await cache.search(typed)).results.map((r) => r._id),
        typed,
      ).toContain(zeroWidth);
    const long = await cache.get(String(ODD_CUSTOMERS[5]!.record._id));
    expect(long?.name).toHaveLength(LONG_NAME_LENGTH);
    const extra = (await cache.get(String(ODD_CUSTOMERS[4]!.record._id))) as Record<string, unknown> | null;
    expect(extra?.loyaltyTier).toEqual({ level: 'gold', since: 2019 });
  });

  it('offers the customers with unreadable fields as a filter of the list', async () => {
    const page = await cache.browse({ unreadable: true, limit: 50 });
    expect(page.total).toBe(3);
    expect(page.results.map((c) => c._id).sort()).toEqual(
      ODD_CUSTOMERS.filter((o) => o.unreadable.length > 0)
        .map((o) => String(o.record._id))
        .sort(),
    );
    for (const c of page.results) expect(c.cardDeskUnreadable?.length).toBeGreaterThan(0);
  });

  it('exports a row for every customer', async () => {
    const save = new TempFolderSavePort(tmp.folder);
    save.fileName = 'customers.csv';
    const progress = new ProgressRecorder();
    const environment = {
      id: 'test-env',
      name: 'Independent',
      baseUrl: server.url,
      builtIn: false,
      hasKey: true,
      keyVerified: true,
    };
    const service = createExportService({
      getActive: async () => ({ environment, api }),
      getKnownCards: async () => {
        throw new Error('no known cards in this test');
      },
      getCustomerCache: async () => cache,
      progressIntervalMs: 0,
      saveFile: save,
      emit: progress.emit,
    });
    const started = await service.start({ source: 'customers', query: {} });
    if (!started.ok) throw new Error(started.error.message);
    const final = await progress.final(started.data.exportId!);
    expect(final.phase, final.message).toBe('done');
    const { rows } = readCsvObjects(readFileSync(final.file!, 'utf8'));
    expect(rows).toHaveLength(ALL);
    expect(new Set(rows.map((r) => r.id))).toEqual(new Set(server.customers.map((c) => c._id)));
  });
});
