// On POSIX the data folder is 0700 and every file in it 0600: what is already there when the app starts,
// and the SQLite files it creates (with their WAL files).
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openJournal } from '../../../src-main/journal/journal';
import { makeFolderPrivate } from '../../../src-main/storage/private-files';
import { TEST_CHAIN_KEY } from '../../support/journal-key';

const modeOf = (path: string) => statSync(path).mode & 0o777;

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'card-desk-private-'));
});
afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe.runIf(process.platform !== 'win32')('private data files', () => {
  it('makes the folder 0700 and everything under it 0600 / 0700', () => {
    const nested = join(folder, 'environments', 'env-a');
    mkdirSync(nested, { recursive: true, mode: 0o755 });
    writeFileSync(join(folder, 'settings.json'), '{}', { mode: 0o644 });
    writeFileSync(join(nested, 'known-cards.sqlite'), '', { mode: 0o644 });
    expect(makeFolderPrivate(folder)).toBe(0);
    expect(modeOf(folder)).toBe(0o700);
    expect(modeOf(join(folder, 'environments'))).toBe(0o700);
    expect(modeOf(nested)).toBe(0o700);
    expect(modeOf(join(folder, 'settings.json'))).toBe(0o600);
    expect(modeOf(join(nested, 'known-cards.sqlite'))).toBe(0o600);
  });

  it('creates SQLite files, and their WAL files, as 0600', () => {
    const file = join(folder, 'data', 'journal.sqlite');
    const journal = openJournal({ key: TEST_CHAIN_KEY, file });
    journal.begin({
      environmentId: 'env-a',
      operation: 'cards.create',
      request: { customerId: 'c'.repeat(24) },
      clientReference: null,
      fingerprint: 'f',
    });
    expect(modeOf(join(folder, 'data'))).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(`${file}-wal`)).toBe(0o600);
    expect(modeOf(`${file}-shm`)).toBe(0o600);
    journal.close();
  });
});
