// The results CSV through the bridge, against the local sandbox: every row of the file with its own
// columns as the operator wrote them (in their order, formulas neutralised), then its outcome, card id,
// masked PAN and error in the operator's words, a row whose connection dropped after the request shown
// as not issued. The file's cells are kept sealed: no identity number, birth date or address from the
// file is in any file of the data folder.
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Customer } from '../../../src-shared/api/records';
import type { AppCore } from '../../../src-main/core/app-core';
import { readCsv } from '../../support/read-csv';
import { testAppCore } from '../support/app-core';
import { RESULT_COLUMNS, bridgeOf, cachedCustomers, data, until, type Call } from '../../support/bulk-fixture';

let core: AppCore;
let disposed = false;
let call: Call;
let dataDir: string;
let saveDir: string;
let customers: Customer[];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'card-desk-bulk-results-'));
  saveDir = mkdtempSync(join(tmpdir(), 'card-desk-bulk-saved-'));
  core = await testAppCore(dataDir, {
    localSandbox: { seed: 77, customers: 40 },
    saveFile: { chooseSavePath: async (name: string) => join(saveDir, name) },
  });
  call = bridgeOf(core);
  customers = await cachedCustomers(call, 40);
}, 60_000);
afterAll(async () => {
  if (!disposed) await core.dispose();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(saveDir, { recursive: true, force: true });
});

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

it('gives back every row of the file with its own columns, then what became of it', async () => {
  const sandbox = core.localSandbox()!;
  const account = sandbox.fixtures.businessAccounts.find((a) => a.currency === 'NGN')!.id;
  const withIdentity = customers.filter((c) => c.individual?.identity?.number).slice(0, 10);
  expect(withIdentity).toHaveLength(10);
  const births = withIdentity.map((_, i) => `19${70 + i}-0${(i % 9) + 1}-1${i}`);
  const homes = withIdentity.map((_, i) => `${i + 3} Akin Adesola Street, Victoria Island, Lagos ${i}`);
  // Named by BVN/NIN, with columns the app does not use: a birth date, an address (commas inside quotes), and a
  // note a spreadsheet would run as a formula.
  const lines = [
    'customer,type,brand,currency,status,debitAccountId,reference,Date of birth,Home address,Note',
    ...withIdentity.map(
      (c, i) =>
        `${c.individual!.identity!.number},virtual,Verve,NGN,active,${account},RC-${i + 1},${births[i]},"${homes[i]}",${i === 4 ? '=1+2' : i === 6 ? '-rm' : `note ${i}`}`,
    ),
    `nobody@example.invalid,virtual,Verve,NGN,active,${account},RC-11,,,`,
  ];
  const csv = lines.join('\r\n');
  const preview = await data(call('bulkIssue.preview', { csv, fileName: 'staff.csv' }));
  expect(preview.counts).toMatchObject({ ready: 10, not_found: 1 });

  // The first row's connection is dropped after the request, before any card is made.
  sandbox.faults.add({ kind: 'reset', endpoint: 'POST /cards', count: 1 });
  await data(call('bulkIssue.start', { batchId: preview.batchId, cards: 10 }));
  await until(
    async () => (await data(call('bulkIssue.status', { batchId: preview.batchId }))).state === 'done',
    60_000,
    'the batch to end',
  );
  const status = await data(call('bulkIssue.status', { batchId: preview.batchId }));
  expect(status).toMatchObject({ issued: 9, notIssued: 1, unknown: 0, failed: 0, sent: 10 });

  const saved = await data(call('bulkIssue.saveResults', { batchId: preview.batchId }));
  expect(saved).toMatchObject({ saved: true, fileName: expect.stringMatching(/^issue-results-staff-.*\.csv$/) });
  const [header, ...records] = readCsv(readFileSync(join(saveDir, saved.fileName!), 'utf8'));
  const input: string[][] = parse(csv);
  const width = input[0]!.length;
  expect(header).toEqual([...input[0]!, ...RESULT_COLUMNS]);
  expect(records).toHaveLength(input.length - 1);
  for (const [i, record] of records.entries()) {
    // As the operator wrote it, a cell starting with = + - @ neutralised as in every export.
    const own = input[i + 1]!.map((cell) => (/^[=+\-@]/.test(cell) ? `'${cell}` : cell));
    expect(record.slice(0, width), `row ${i + 1}`).toEqual(own);
  }
  const at = (row: number, column: string) => records[row - 1]![header!.indexOf(column)];
  expect(at(1, 'outcome')).toBe('not_issued');
  expect(at(1, 'cardId')).toBe('');
  expect(at(1, 'error')).toMatch(/^Not issued: no card carries this request's reference/);
  for (let row = 2; row <= 10; row++) {
    expect(at(row, 'outcome')).toBe('issued');
    expect(at(row, 'cardId')).toMatch(/^[0-9a-f]{24}$/);
    expect(at(row, 'maskedPan')).toMatch(/\d{4}$/);
    expect(at(row, 'error')).toBe('');
    expect(at(row, 'customerId')).toBe(withIdentity[row - 1]!._id);
  }
  expect(at(11, 'outcome')).toBe('skipped');
  expect(at(11, 'error')).toContain('No customer in the offline cache');

  // Nothing of the file's identity data is in the data folder in plain form (SQLite files, WAL, journal, log).
  await core.dispose();
  disposed = true;
  const secrets = [...withIdentity.map((c) => c.individual!.identity!.number!), ...births, ...homes];
  for (const file of filesUnder(dataDir)) {
    const bytes = readFileSync(file).toString('latin1');
    for (const secret of secrets) expect(bytes.includes(secret), `${secret} in ${file}`).toBe(false);
  }
}, 120_000);
