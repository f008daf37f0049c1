// Upgrading Card Desk opens the data folder an earlier version left behind. The app itself
// (createAppCore, its handlers, the real local sandbox, the cache worker) opens a data folder written by
// this version from scratch, and one whose journal, known-cards file or customer cache stops at each
// earlier migration number; every file then stands at this version's schema and works. The cases come
// from the migration lists themselves, so a new migration is covered as soon as it is appended.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_SANDBOX_ENVIRONMENT_ID } from '../../../src-shared/ipc/channels/settings';
import type { Result } from '../../../src-shared/ipc/result';
import { CACHE_SCHEMA } from '../../../src-main/cache/store/schema';
import { KNOWN_CARDS_SCHEMA } from '../../../src-main/cards/known-cards-migrations';
import { createAppCore, type AppCore } from '../../../src-main/core/app-core';
import { JOURNAL_SCHEMA } from '../../../src-main/journal/journal-migrations';
import { createLogger } from '../../../src-main/logging/logger';
import { migrate, schemaVersion, type Schema } from '../../../src-main/storage/sqlite-database';

const environmentDir = (dataDir: string) => join(dataDir, 'environments', LOCAL_SANDBOX_ENVIRONMENT_ID);

/** Each SQLite file of the data folder, where the app keeps it. */
const DATA_FILES: { name: string; schema: Schema; file: (dataDir: string) => string }[] = [
  { name: 'journal', schema: JOURNAL_SCHEMA, file: (dataDir) => join(dataDir, 'journal.sqlite') },
  { name: 'known cards', schema: KNOWN_CARDS_SCHEMA, file: (d) => join(environmentDir(d), 'known-cards.sqlite') },
  { name: 'customer cache', schema: CACHE_SCHEMA, file: (d) => join(environmentDir(d), 'customers.sqlite') },
];

let dataDir: string;
let core: AppCore | null = null;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'card-desk-upgrade-'));
});
afterEach(async () => {
  await core?.dispose();
  core = null;
  rmSync(dataDir, { recursive: true, force: true });
});

function openApp(): Promise<AppCore> {
  return createAppCore({
    dataDir,
    logger: createLogger({ level: 'silent' }),
    localSandbox: { customers: 40 },
    saveFile: { chooseSavePath: async () => null },
    openExternal: async () => {},
    emit: () => {},
  });
}

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.kind}: ${result.error.message}`);
  return result.data;
}

const ctx = () => ({ signal: new AbortController().signal });

/** Opens every data file through the app: the journal, the known cards and the customer cache. */
async function useEveryFile(app: AppCore) {
  return {
    journal: value(await app.handlers['journal.list']({}, ctx())),
    knownCards: value(await app.handlers['cards.known']({}, ctx())),
    cache: value(await app.handlers['customers.cacheStatus'](undefined, ctx())),
  };
}

/** A file migrated to `version` only, as an earlier Card Desk left it. */
function writeAtVersion({ schema, file }: (typeof DATA_FILES)[number], version: number): void {
  mkdirSync(join(file(dataDir), '..'), { recursive: true });
  const db = new DatabaseSync(file(dataDir));
  try {
    db.exec('PRAGMA journal_mode = WAL');
    migrate(db, { ...schema, migrations: schema.migrations.slice(0, version) });
    expect(schemaVersion(db)).toBe(version);
  } finally {
    db.close();
  }
}

function versionOf(file: string): number {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return schemaVersion(db);
  } finally {
    db.close();
  }
}

describe('opening an existing data folder', () => {
  it('reopens a folder written by this version from scratch, with its data', async () => {
    core = await openApp();
    await useEveryFile(core);
    const synced = value(await core.handlers['customers.sync']({ full: true }, ctx()));
    expect(synced.phase).toBe('done');
    const customer = value(await core.handlers['customers.list']({ page: 0, limit: 1 }, ctx()))[0]!;
    await core.dispose();
    core = null;

    core = await openApp();
    const reopened = await useEveryFile(core);
    expect(reopened.cache).toMatchObject({ customers: 40, notice: null });
    const found = value(await core.handlers['customers.search']({ query: customer.emailAddress! }, ctx()));
    expect(found.results.map((c) => c.id)).toContain(customer.id);
    for (const { schema, file } of DATA_FILES) expect(versionOf(file(dataDir))).toBe(schema.migrations.length);
  });

  const earlier = DATA_FILES.flatMap((data) =>
    Array.from({ length: data.schema.migrations.length }, (_, version) => ({ data, version })),
  );
  it.each(earlier)('brings the $data.name from migration $version up to date', async ({ data, version }) => {
    writeAtVersion(data, version);
    core = await openApp();
    const opened = await useEveryFile(core);
    expect(opened.cache.notice).toBeNull();
    expect(opened.journal).toEqual([]);
    expect(opened.knownCards).toEqual([]);
    await core.dispose();
    core = null;
    expect(versionOf(data.file(dataDir))).toBe(data.schema.migrations.length);
  });
});
