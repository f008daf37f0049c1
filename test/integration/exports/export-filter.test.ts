// An authorizations export with the Approved filter writes exactly the filtered rows of the whole range,
// and reports how many it read of how many.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Authorization } from '../../../src-shared/api/records';
import {
  ProgressRecorder,
  TempFolderSavePort,
  allPages,
  type ExportWorld,
  exportServiceFor,
  startExportWorld,
} from './export-fixtures';
import { readCsvObjects } from './read-csv';

const NOW = new Date('2026-11-22T12:00:00Z');
const RANGE = { fromDate: '2026-09-01', toDate: '2026-11-15' };

describe('export authorizations with a filter (real sandbox)', () => {
  let world: ExportWorld;
  beforeAll(async () => {
    world = await startExportWorld({ customers: 300, now: () => NOW });
  });
  afterAll(async () => world?.close());

  it('writes only the unapproved authorizations of every page, and says how many it read', async () => {
    const all: Authorization[] = await allPages((page) => world.api.listAuthorizations({ ...RANGE, page, limit: 100 }));
    const declined = all.filter((a) => a.approved !== true);
    expect(declined.length).toBeGreaterThan(0);
    expect(declined.length).toBeLessThan(all.length);
    const save = new TempFolderSavePort(world.dir);
    save.fileName = 'declined.csv';
    const progress = new ProgressRecorder();
    const service = exportServiceFor(world, { saveFile: save, emit: progress.emit });
    const started = await service.start({ source: 'authorizations', query: { ...RANGE, approved: 'no' } });
    if (!started.ok) throw new Error(started.error.message);
    const final = await progress.final(started.data.exportId!);
    expect(final).toMatchObject({ phase: 'done', rows: declined.length, readRows: all.length, totalRows: all.length });
    const { rows } = readCsvObjects(readFileSync(final.file!, 'utf8'));
    expect(rows.map((r) => r.id)).toEqual(declined.map((a) => a._id));
    expect(rows.every((r) => r.approved === 'false')).toBe(true);
  });

  it('refuses an Approved filter it does not know, naming the field', async () => {
    const service = exportServiceFor(world, { saveFile: new TempFolderSavePort(world.dir), emit: () => {} });
    const started = await service.start({ source: 'authorizations', query: { ...RANGE, approved: 'maybe' } });
    expect(started.ok).toBe(false);
    if (!started.ok) expect(started.error.field).toBe('approved');
  });
});
