// An authorizations export with the Approved filter writes exactly the filtered rows of the whole range,
// and reports how many it read of how many.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Authorization } from '../../../src-shared/api/records';
import {
  TempFolderSavePort,
  allPages,
  type ExportWorld,
  exportServiceFor,
  startExportWorld,
  runExport,
} from './export-fixtures';

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
    const query = { ...RANGE, approved: 'no' };
    const { final, rows } = await runExport(world, 'authorizations', query, { fileName: 'declined.csv' });
    expect(final).toMatchObject({ phase: 'done', rows: declined.length, readRows: all.length, totalRows: all.length });
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
