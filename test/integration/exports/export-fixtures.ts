// What the export tests share: the real sandbox and client, a known-cards file and a save port that
// answers with a path in a temporary folder, and a recorder of progress events.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExportProgress } from '../../../src-shared/ipc/channels/exports';
import { exportProgressSchema } from '../../../src-shared/ipc/channels/exports';
import type { Environment } from '../../../src-shared/ipc/channels/settings';
import { createCardApiClient } from '../../../src-main/api/client';
import type { CardApiClient } from '../../../src-main/api/types';
import { type KnownCards, openKnownCards } from '../../../src-main/cards/known-cards';
import type { Emit, SaveFilePort } from '../../../src-main/ports/ports';
import { type ExportServiceDeps, createExportService } from '../../../src-main/exports/service';
import type { ExportSourceName } from '../../../src-main/exports/sources';
import { type SandboxHandle, type SandboxOptions, startSandbox } from '../../../src-main/sandbox';
import { readCsvObjects } from '../../support/read-csv';

/** A save dialog that always picks `<dir>/<name>` (or says the user cancelled), and remembers what it was asked. */
export class TempFolderSavePort implements SaveFilePort {
  readonly asked: string[] = [];
  cancel = false;
  fileName: string | null = null;
  constructor(readonly dir: string) {}
  async chooseSavePath(suggestedName: string): Promise<string | null> {
    this.asked.push(suggestedName);
    return this.cancel ? null : join(this.dir, this.fileName ?? suggestedName);
  }
}

/** Records `exports.progress` events and lets a test wait for one. */
export class ProgressRecorder {
  readonly events: ExportProgress[] = [];
  private waiters: { match: (p: ExportProgress) => boolean; resolve: (p: ExportProgress) => void }[] = [];
  /** Runs on every event, before waiters are told (a test may change the sandbox between pages). */
  onEvent: ((p: ExportProgress) => void) | null = null;

  readonly emit: Emit = (name, payload) => {
    if (name !== 'exports.progress') return;
    const p = exportProgressSchema.parse(payload);
    this.events.push(p);
    this.onEvent?.(p);
    this.waiters = this.waiters.filter((w) => {
      if (!w.match(p)) return true;
      w.resolve(p);
      return false;
    });
  };

  of(exportId: string): ExportProgress[] {
    return this.events.filter((e) => e.exportId === exportId);
  }

  waitFor(match: (p: ExportProgress) => boolean, timeoutMs = 20_000): Promise<ExportProgress> {
    const seen = this.events.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no matching exports.progress event')), timeoutMs);
      this.waiters.push({
        match,
        resolve: (p) => {
          clearTimeout(timer);
          resolve(p);
        },
      });
    });
  }

  /** The final event (done, cancelled or failed) of an export. */
  final(exportId: string): Promise<ExportProgress> {
    return this.waitFor((p) => p.exportId === exportId && p.phase !== 'running');
  }
}

export interface ExportWorld {
  sandbox: SandboxHandle;
  api: CardApiClient;
  environment: Environment;
  dir: string;
  known: KnownCards;
  close(): Promise<void>;
}

export async function startExportWorld(options: SandboxOptions = {}): Promise<ExportWorld> {
  const sandbox = await startSandbox(options);
  const api = createCardApiClient({ baseUrl: sandbox.url, getKey: async () => sandbox.key });
  const dir = mkdtempSync(join(tmpdir(), 'card-desk-export-'));
  const known = openKnownCards({ folder: join(dir, 'env-local') });
  const environment: Environment = {
    id: 'local-sandbox',
    name: 'Local sandbox',
    baseUrl: sandbox.url,
    builtIn: true,
    hasKey: true,
    keyVerified: true,
  };
  return {
    sandbox,
    api,
    environment,
    dir,
    known,
    async close() {
      known.close();
      await sandbox.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** An export service over the world, with progress events unthrottled unless said otherwise. */
export function exportServiceFor(
  world: ExportWorld,
  extra: Partial<ExportServiceDeps> & { saveFile: SaveFilePort; emit: Emit },
) {
  return createExportService({
    getActive: async () => ({ environment: world.environment, api: world.api }),
    getKnownCards: async () => world.known,
    progressIntervalMs: 0,
    ...extra,
  });
}

/**
 * Runs one export to completion (it must end done) into `<world.dir>/<fileName>` and reads the file back.
 * `deps` replaces the service's own (a customer cache, a journal...).
 */
export async function runExport(
  world: ExportWorld,
  source: ExportSourceName,
  query: Record<string, string | number | boolean> = {},
  { fileName, deps = {} }: { fileName: string; deps?: Partial<ExportServiceDeps> },
): Promise<{ final: ExportProgress } & ReturnType<typeof readCsvObjects>> {
  const save = new TempFolderSavePort(world.dir);
  save.fileName = fileName;
  const progress = new ProgressRecorder();
  const service = exportServiceFor(world, { saveFile: save, emit: progress.emit, ...deps });
  const started = await service.start({ source, query });
  if (!started.ok) throw new Error(started.error.message);
  const final = await progress.final(started.data.exportId!);
  if (final.phase !== 'done') throw new Error(`the export ended ${final.phase}: ${final.message ?? ''}`);
  return { final, ...readCsvObjects(readFileSync(final.file!, 'utf8')) };
}

/** Every record of a list, page by page at limit 100, straight from the client. */
export async function allPages<T>(
  fetchPage: (page: number) => Promise<{ ok: boolean; data?: T[]; pagination?: { pages: number } }>,
): Promise<T[]> {
  const all: T[] = [];
  for (let page = 0; ; page++) {
    const r = await fetchPage(page);
    if (!r.ok || !r.data) throw new Error(`page ${page} failed`);
    all.push(...r.data);
    if (r.data.length === 0 || page + 1 >= (r.pagination?.pages ?? 0)) return all;
  }
}
