// Ways an export ends without a file: the user closes the save dialog, cancels mid-way, or the service
// fails part-way. None of them leaves anything at the target.
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createCardApiClient } from '../../../src-main/api/client';
import {
  ProgressRecorder,
  TempFolderSavePort,
  type ExportWorld,
  exportServiceFor,
  startExportWorld,
} from './export-fixtures';

describe('export cancellation and failure (real sandbox)', () => {
  let world: ExportWorld;
  beforeAll(async () => {
    world = await startExportWorld({ customers: 500 });
  });
  afterAll(async () => world?.close());
  afterEach(() => {
    world.sandbox.faults.clear();
    world.sandbox.clearRequests();
  });

  const filesIn = (dir: string) => readdirSync(dir).filter((f) => f.endsWith('.csv') || f.endsWith('.part'));
  /** Each case saves into its own folder, so what one leaves cannot hide what another does. */
  const caseDir = () => mkdtempSync(join(world.dir, 'case-'));

  it('returns cancelledByUser when the save dialog is closed, and sends nothing to the API', async () => {
    world.sandbox.clearRequests();
    const dir = caseDir();
    const save = new TempFolderSavePort(dir);
    save.cancel = true;
    const progress = new ProgressRecorder();
    const service = exportServiceFor(world, { saveFile: save, emit: progress.emit });
    const started = await service.start({ source: 'customers' });
    expect(started).toEqual({ ok: true, data: { exportId: null, cancelledByUser: true } });
    expect(save.asked).toEqual([expect.stringMatching(/^card-desk-customers-\d{4}-\d{2}-\d{2}\.csv$/)]);
    expect(progress.events).toEqual([]);
    expect(filesIn(dir)).toEqual([]);
    // An export the user lets run afterwards is the only one the sandbox hears from: had the cancelled
    // one sent anything, its requests would come first.
    save.cancel = false;
    const next = await service.start({ source: 'customers' });
    const nextId = next.ok ? next.data.exportId! : '';
    expect((await progress.final(nextId)).phase).toBe('done');
    const pages = world.sandbox.requests().filter((r) => r.url.startsWith('/customers'));
    expect(pages.map((r) => new URL(r.url, 'http://x').searchParams.get('page'))).toEqual(['0', '1', '2', '3', '4']);
  });

  it('cancelled mid-way leaves no file at the target and stops asking for pages', async () => {
    world.sandbox.faults.add({ kind: 'latency', ms: 300, endpoint: 'GET /customers' });
    const dir = caseDir();
    const save = new TempFolderSavePort(dir);
    save.fileName = 'cancelled.csv';
    const progress = new ProgressRecorder();
    const service = exportServiceFor(world, { saveFile: save, emit: progress.emit });
    const started = await service.start({ source: 'customers' });
    const exportId = started.ok ? started.data.exportId! : '';
    const first = await progress.waitFor((p) => p.exportId === exportId && p.phase === 'running');
    expect(first).toMatchObject({ rows: 100, pagesDone: 1, totalPages: 5 });
    expect(service.cancel(exportId)).toEqual({ cancelled: true });
    expect(service.cancel(exportId)).toEqual({ cancelled: false });
    const final = await progress.final(exportId);
    expect(final.phase).toBe('cancelled');
    expect(final.file).toBeNull();
    expect(existsSync(join(dir, 'cancelled.csv'))).toBe(false);
    expect(filesIn(dir)).toEqual([]);
    // The final event comes once the export's loop has ended: nothing can ask for a page after it.
    expect(world.sandbox.requests().filter((r) => r.url.startsWith('/customers')).length).toBeLessThan(5);
  });

  it('a cancelled export leaves a file the user chose to overwrite as it was', async () => {
    const dir = caseDir();
    writeFileSync(join(dir, 'existing.csv'), 'last month');
    world.sandbox.faults.add({ kind: 'latency', ms: 300, endpoint: 'GET /customers' });
    const save = new TempFolderSavePort(dir);
    save.fileName = 'existing.csv';
    const progress = new ProgressRecorder();
    const service = exportServiceFor(world, { saveFile: save, emit: progress.emit });
    const started = await service.start({ source: 'customers' });
    const exportId = started.ok ? started.data.exportId! : '';
    await progress.waitFor((p) => p.exportId === exportId && p.phase === 'running');
    await service.cancelAll();
    expect((await progress.final(exportId)).phase).toBe('cancelled');
    expect(readFileSync(join(dir, 'existing.csv'), 'utf8')).toBe('last month');
    expect(filesIn(dir)).toEqual(['existing.csv']);
  });

  it('a service failure part-way ends as failed with the reason, and no file', async () => {
    const api = createCardApiClient({
      baseUrl: world.sandbox.url,
      getKey: async () => world.sandbox.key,
      retry: { maxAttempts: 1 },
    });
    const dir = caseDir();
    const save = new TempFolderSavePort(dir);
    save.fileName = 'failed.csv';
    const progress = new ProgressRecorder();
    // After the first page is written, the service starts failing.
    progress.onEvent = (p) => {
      if (p.phase === 'running' && p.pagesDone === 1)
        world.sandbox.faults.add({ kind: 'status', status: 503, endpoint: 'GET /customers' });
    };
    const service = exportServiceFor(world, {
      saveFile: save,
      emit: progress.emit,
      getActive: async () => ({ environment: world.environment, api }),
    });
    const started = await service.start({ source: 'customers' });
    const final = await progress.final(started.ok ? started.data.exportId! : '');
    expect(final).toMatchObject({ phase: 'failed', rows: 100, pagesDone: 1, file: null });
    expect(final.message).toMatch(/503/);
    expect(filesIn(dir)).toEqual([]);
  });

  it('fails without a file when the chosen folder cannot be written', async () => {
    const save = new TempFolderSavePort(join(world.dir, 'no-such-folder'));
    const progress = new ProgressRecorder();
    const service = exportServiceFor(world, { saveFile: save, emit: progress.emit });
    const started = await service.start({ source: 'fundingSources' });
    const final = await progress.final(started.ok ? started.data.exportId! : '');
    expect(final.phase).toBe('failed');
    expect(final.message).toMatch(/no file was written/);
  });
});
