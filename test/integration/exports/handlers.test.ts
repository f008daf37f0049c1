// exports.start / exports.cancel over the real export service and sandbox.
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contract } from '../../../src-shared/ipc/contract';
import { resultSchema } from '../../../src-shared/ipc/result';
import { exportHandlers } from '../../../src-main/exports/handlers';
import {
  ProgressRecorder,
  TempFolderSavePort,
  type ExportWorld,
  exportServiceFor,
  startExportWorld,
} from './export-fixtures';

const ctx = { signal: new AbortController().signal };

describe('export handlers', () => {
  let world: ExportWorld;
  beforeAll(async () => {
    world = await startExportWorld({ customers: 300 });
  });
  afterAll(async () => world?.close());

  it('starts an export, answers at once, and cancels it by id', async () => {
    world.sandbox.faults.add({ kind: 'latency', ms: 300, endpoint: 'GET /customers' });
    const dir = mkdtempSync(join(world.dir, 'h-'));
    const progress = new ProgressRecorder();
    const handlers = exportHandlers(
      exportServiceFor(world, { saveFile: new TempFolderSavePort(dir), emit: progress.emit }),
    );
    const input = contract['exports.start'].input.parse({ source: 'customers', query: {} });
    const started = await handlers['exports.start'](input, ctx);
    expect(resultSchema(contract['exports.start'].output).safeParse(started).success).toBe(true);
    expect(progress.events).toEqual([]); // answered before the first page came back
    const exportId = started.ok ? started.data.exportId! : '';
    expect(await handlers['exports.cancel']({ exportId }, ctx)).toEqual({ ok: true, data: { cancelled: true } });
    expect((await progress.final(exportId)).phase).toBe('cancelled');
    expect(await handlers['exports.cancel']({ exportId }, ctx)).toEqual({ ok: true, data: { cancelled: false } });
    world.sandbox.faults.clear();
  });

  it('passes a validation error through, naming the field', async () => {
    const handlers = exportHandlers(
      exportServiceFor(world, { saveFile: new TempFolderSavePort(world.dir), emit: new ProgressRecorder().emit }),
    );
    const result = await handlers['exports.start']({ source: 'authorizations', query: { toDate: 'tomorrow' } }, ctx);
    expect(result).toMatchObject({ ok: false, error: { kind: 'validation', field: 'toDate' } });
  });
});
