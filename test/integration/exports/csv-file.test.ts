// The CSV file writer on a real folder: temporary file beside the target, rename on commit, nothing left
// behind on discard, formula cells guarded, booleans and numbers as plain values.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createCsvFile } from '../../../src-main/exports/csv-file';
import { readCsv } from '../../support/read-csv';

describe('CSV file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'csv-file-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes beside the target and renames into place on commit', async () => {
    const target = join(dir, 'out.csv');
    const file = await createCsvFile(target, ['id', 'amount', 'approved', 'note'], 'e1');
    await file.write([
      ['a', -1250.5, true, '=1+1'],
      ['b', 3, false, null],
    ]);
    expect(readdirSync(dir)).toEqual(['.out.csv.e1.part']);
    await file.commit();
    expect(readdirSync(dir)).toEqual(['out.csv']);
    const text = readFileSync(target, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(readCsv(text)).toEqual([
      ['id', 'amount', 'approved', 'note'],
      ['a', '-1250.5', 'true', "'=1+1"],
      ['b', '3', 'false', ''],
    ]);
  });

  it('writes the header even when there are no rows', async () => {
    const target = join(dir, 'empty.csv');
    const file = await createCsvFile(target, ['id', 'name'], 'e2');
    await file.commit();
    expect(readCsv(readFileSync(target, 'utf8'))).toEqual([['id', 'name']]);
  });

  it('leaves nothing behind on discard, and an existing file at the target untouched', async () => {
    const target = join(dir, 'keep.csv');
    writeFileSync(target, 'previous export');
    const file = await createCsvFile(target, ['id'], 'e3');
    await file.write(Array.from({ length: 5000 }, (_, i) => [String(i)]));
    await file.discard();
    expect(readdirSync(dir)).toEqual(['keep.csv']);
    expect(readFileSync(target, 'utf8')).toBe('previous export');
  });

  it('fails clearly when the folder does not exist', async () => {
    await expect(createCsvFile(join(dir, 'missing', 'x.csv'), ['id'], 'e4')).rejects.toThrow(/ENOENT/);
  });
});
