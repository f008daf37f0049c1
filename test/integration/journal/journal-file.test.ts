// The journal at start-up on real files: a damaged, emptied or missing journal (where the marker says one
// existed) is moved aside, never deleted, writes are refused with the reason, and only the operator starts
// a new one. Then the same through the app's own handlers: the app starts, reads work, a card request is
// refused and never reaches the service.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app-core';
import { testAppCore } from '../support/app-core';
import { JOURNAL_MARKER, openJournalFile, startNewJournal } from '../../../src-main/journal/journal-file';
import { createLogger } from '../../../src-main/logging/logger';
import { virtualCardRequest } from '../../support/card-requests';

const GARBAGE = Buffer.from('this is not an SQLite file, it was overwritten by something else entirely\n'.repeat(200));

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'card-desk-journal-file-'));
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const journalFile = () => join(dataDir, 'journal.sqlite');
const asideFiles = () => readdirSync(dataDir).filter((f) => f.startsWith('journal.sqlite.corrupt-'));
const write = {
  environmentId: 'env-a',
  operation: 'cards.create' as const,
  request: { customerId: 'c'.repeat(24) },
  clientReference: null,
  fingerprint: 'f',
};

function makeHealthyJournal(): void {
  const { journal, status } = openJournalFile({ dataDir });
  expect(status.state).toBe('ok');
  journal.begin(write);
  journal.close();
}

describe('the journal at start-up', () => {
  it('a first start creates the journal and its marker', () => {
    const { journal, status } = openJournalFile({ dataDir });
    expect(status).toEqual({ state: 'ok', problem: null, asideFile: null });
    expect(journal.refusal).toBeNull();
    expect(existsSync(join(dataDir, JOURNAL_MARKER))).toBe(true);
    journal.close();
  });

  it('a healthy journal opens with its entries', () => {
    makeHealthyJournal();
    const { journal, status } = openJournalFile({ dataDir });
    expect(status.state).toBe('ok');
    expect(journal.list().total).toBe(1);
    journal.close();
  });

  it('a journal filled with garbage is moved aside whole, and writes are refused with what to do', () => {
    makeHealthyJournal();
    writeFileSync(journalFile(), GARBAGE);
    const { journal, status } = openJournalFile({ dataDir });
    expect(status.state).toBe('refused');
    expect(asideFiles()).toEqual([status.asideFile]);
    expect(readFileSync(join(dataDir, status.asideFile!))).toEqual(GARBAGE);
    expect(existsSync(journalFile())).toBe(false);
    expect(status.problem).toContain('is damaged');
    expect(status.problem).toContain(status.asideFile);
    expect(status.problem).toContain('start a new journal in Settings');
    expect(journal.refusal).toMatch(/Nothing was sent/);
    expect(() => journal.begin(write)).toThrow(/Nothing was sent/);
    expect(journal.list()).toEqual({ entries: [], total: 0 });
  });

  it('a journal emptied to 0 bytes where one existed is refused too, not silently replaced', () => {
    makeHealthyJournal();
    for (const suffix of ['-wal', '-shm']) rmSync(journalFile() + suffix, { force: true });
    writeFileSync(journalFile(), '');
    const { status } = openJournalFile({ dataDir });
    expect(status).toMatchObject({ state: 'refused' });
    expect(status.problem).toContain('was emptied');
    expect(asideFiles()).toHaveLength(1);
  });

  it('a journal gone missing where one existed is refused', () => {
    makeHealthyJournal();
    for (const suffix of ['', '-wal', '-shm']) rmSync(journalFile() + suffix, { force: true });
    const { status } = openJournalFile({ dataDir });
    expect(status).toMatchObject({ state: 'refused', asideFile: null });
    expect(status.problem).toContain('is missing');
  });

  it('the operator starts a new journal: empty, writable, the old file still where it was moved', () => {
    makeHealthyJournal();
    writeFileSync(journalFile(), GARBAGE);
    const refused = openJournalFile({ dataDir });
    const { journal, status } = startNewJournal({ dataDir, logger: createLogger({ file: join(dataDir, 'l.log') }) });
    expect(status.state).toBe('ok');
    expect(journal.begin(write).outcome).toBe('pending');
    expect(readFileSync(join(dataDir, refused.status.asideFile!))).toEqual(GARBAGE);
    journal.close();
    expect(openJournalFile({ dataDir }).status.state).toBe('ok');
  });
});

describe('a damaged journal in the running app', () => {
  let core: AppCore | null = null;
  afterEach(async () => {
    await core?.dispose();
    core = null;
  });

  it('starts, reads work, and a card request is refused and never sent', async () => {
    writeFileSync(join(dataDir, JOURNAL_MARKER), '{}\n');
    writeFileSync(journalFile(), GARBAGE);
    core = await testAppCore(dataDir, { localSandbox: { seed: 5, customers: 20 } });
    const ctx = { signal: new AbortController().signal };
    const status = await core.handlers['app.status'](undefined, ctx);
    expect(status.ok && status.data.notices.some((n) => n.includes('is damaged'))).toBe(true);
    const journalStatus = await core.handlers['journal.status'](undefined, ctx);
    expect(journalStatus.ok && journalStatus.data.state).toBe('refused');

    const disputes = await core.handlers['disputes.list']({}, ctx);
    expect(disputes.ok).toBe(true);
    const sandbox = core.localSandbox()!;
    const request = virtualCardRequest(sandbox.fixtures);
    const refused = await core.handlers['cards.create'](request, ctx);
    expect(!refused.ok && refused.error).toMatchObject({ kind: 'forbidden' });
    expect(!refused.ok && refused.error.message).toContain('Nothing was sent');
    expect(sandbox.requests().filter((r) => r.method === 'POST')).toHaveLength(0);

    const started = await core.handlers['journal.startNew']({ confirm: true }, ctx);
    expect(started).toEqual({ ok: true, data: { state: 'ok', problem: null, asideFile: null } });
    const after = await core.handlers['app.status'](undefined, ctx);
    expect(after.ok && after.data.notices.some((n) => n.includes('is damaged'))).toBe(false);
    expect((await core.handlers['cards.create'](request, ctx)).ok).toBe(true);
    expect(sandbox.requests().filter((r) => r.method === 'POST')).toHaveLength(1);
  });
});
