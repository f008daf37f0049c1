// Who did what, tamper-evident: every journal entry names the OS user and the computer; every change is an
// event in a SHA-256 chain that Journal → Verify checks, naming the first event or entry that does not
// match; a journal from before is chained from the upgrade and says so. Through the app (a card issued on
// the local sandbox, the journal exported as CSV), `npm run journal:verify` accepts the untouched export
// and rejects, naming the row, one with a cell changed, a row removed (also the last) or two rows swapped.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo, hostname } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Result } from '../../../src-shared/ipc/result';
import type { ExportProgress } from '../../../src-shared/ipc/channels/exports';
import type { AppCore } from '../../../src-main/core/app-core';
import { type Journal, openJournal } from '../../../src-main/journal/journal';
import { JOURNAL_SCHEMA } from '../../../src-main/journal/journal-migrations';
import { migrate } from '../../../src-main/storage/sqlite-database';
import { testAppCore } from '../support/app-core';
import { virtualCardRequest } from '../../support/card-requests';
import { TempFolderSavePort } from '../exports/export-fixtures';
import { parseCsv } from '../../../src-main/journal/export-chain';

let dir: string;
let journal: Journal | null = null;
let core: AppCore | null = null;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'card-desk-chain-'));
});
afterEach(async () => {
  journal?.close();
  journal = null;
  await core?.dispose();
  core = null;
  rmSync(dir, { recursive: true, force: true });
});

const ADA = { user: 'ada.obi', host: 'LAGOS-DESK-7' };

function someWrites(j: Journal): string[] {
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const e = j.begin({
      environmentId: 'env-1',
      operation: 'cards.create',
      request: { customerId: `c${i}`, type: 'virtual' },
      clientReference: `cd-${i}`,
      fingerprint: `f${i}`,
    });
    ids.push(e.id);
  }
  j.settle(ids[0]!, { outcome: 'succeeded', resultId: 'card-1' });
  j.settle(ids[1]!, { outcome: 'outcome_unknown', error: 'lost' });
  j.acknowledgeResend(ids[1]!);
  j.settle(ids[2]!, { outcome: 'failed', error: '=HYPERLINK("x")' });
  return ids;
}

describe('the journal chain', () => {
  it('names the operator on every entry and verifies an untouched journal', () => {
    const file = join(dir, 'journal.sqlite');
    journal = openJournal({ file, operator: ADA });
    const ids = someWrites(journal);
    expect(journal.get(ids[0]!)).toMatchObject({ operator: 'ada.obi', host: 'LAGOS-DESK-7' });
    expect(journal.verify()).toMatchObject({ ok: true, events: 7, adoptedEntries: 0, firstBad: null });
    journal.close();
    // The default operator is this process's OS user and computer.
    journal = openJournal({ file });
    const mine = journal.begin({
      environmentId: 'env-1',
      operation: 'accounts.create',
      request: {},
      clientReference: null,
      fingerprint: 'g',
    });
    expect(mine).toMatchObject({ operator: userInfo().username, host: hostname() });
    expect(journal.verify().ok).toBe(true);
  });

  it('names the first event or entry that does not match', () => {
    const file = join(dir, 'journal.sqlite');
    journal = openJournal({ file, operator: ADA });
    const ids = someWrites(journal);
    journal.close();
    journal = null;
    const tamper = (sql: string) => {
      const db = new DatabaseSync(file);
      db.exec(sql);
      db.close();
    };
    const check = () => {
      const j = openJournal({ file, operator: ADA });
      try {
        return j.verify();
      } finally {
        j.close();
      }
    };

    tamper(`UPDATE entries SET error = 'nothing happened' WHERE id = '${ids[1]}'`);
    expect(check().firstBad).toMatchObject({ entryId: null, problem: expect.stringContaining(`entry ${ids[1]}`) });
    expect(check().firstBad!.problem).toContain('changed without an event');
    tamper(`UPDATE entries SET error = 'lost' WHERE id = '${ids[1]}'`);
    expect(check().ok).toBe(true);

    tamper(`UPDATE events SET body = replace(body, 'card-1', 'card-2') WHERE seq = 4`);
    expect(check().firstBad).toMatchObject({
      seq: 4,
      entryId: ids[0],
      problem: 'event 4 was changed after it was written',
    });
    tamper(`UPDATE events SET body = replace(body, 'card-2', 'card-1') WHERE seq = 4`);
    expect(check().ok).toBe(true);

    tamper('DELETE FROM events WHERE seq = 5');
    expect(check().firstBad).toMatchObject({ seq: 6, problem: 'event 5 is missing (the next is 6)' });
  });

  it('chains a journal from before from the upgrade, and says so', () => {
    const file = join(dir, 'journal.sqlite');
    const old = new DatabaseSync(file);
    migrate(old, { ...JOURNAL_SCHEMA, migrations: JOURNAL_SCHEMA.migrations.slice(0, 4) });
    old.exec(`INSERT INTO entries (id, seq, at, updated_at, environment_id, operation, request_json, fingerprint, outcome)
      VALUES ('old-1', 1, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'env-1', 'cards.create', '{}', 'f', 'succeeded')`);
    old.close();
    journal = openJournal({ file, operator: ADA });
    expect(journal.get('old-1')).toMatchObject({ operator: null, host: null });
    const check = journal.verify();
    expect(check).toMatchObject({ ok: true, events: 2, adoptedEntries: 1 });
    const db = new DatabaseSync(file, { readOnly: true });
    const first = db.prepare('SELECT kind, body FROM events WHERE seq = 1').get() as { kind: string; body: string };
    db.close();
    expect(first.kind).toBe('chain_started');
    expect(first.body).toContain('written by an earlier Card Desk without a chain');
  });
});

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.data;
}

const verifyCli = (file: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src-main/journal/verify-cli.ts', file], { encoding: 'utf8' });

describe('the journal export and journal:verify', () => {
  it('names the operator, and accepts the export untouched and rejects it changed, naming the row', async () => {
    const save = new TempFolderSavePort(dir);
    save.fileName = 'journal.csv';
    const done: ExportProgress[] = [];
    core = await testAppCore(join(dir, 'data'), {
      saveFile: save,
      localSandbox: { customers: 20 },
      emit: (name, payload) => {
        if (name === 'exports.progress' && (payload as ExportProgress).phase === 'done')
          done.push(payload as ExportProgress);
      },
    });
    const ctx = { signal: new AbortController().signal };
    await core.handlers['customers.cacheStatus'](undefined, ctx); // starts the local sandbox
    const fixtures = core.localSandbox()!.fixtures;
    for (const customerId of fixtures.sampleCustomerIds.slice(0, 3)) {
      value(await core.handlers['cards.create'](virtualCardRequest(fixtures, { customerId }), ctx));
    }
    value(await core.handlers['exports.start']({ source: 'journal' }, ctx));
    await expect.poll(() => done.length, { timeout: 20_000 }).toBe(1);
    const file = join(dir, 'journal.csv');
    const text = readFileSync(file, 'utf8');
    const [header, ...rows] = parseCsv(text);
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row[header!.indexOf('operator')]).toBe(userInfo().username);
      expect(row[header!.indexOf('host')]).toBe(hostname());
    }
    expect(value(await core.handlers['journal.verify'](undefined, ctx))).toMatchObject({ ok: true, firstBad: null });

    const untouched = verifyCli(file);
    expect(untouched.status).toBe(0);
    expect(untouched.stdout).toContain('intact');

    const lines = text.split('\r\n').length > 2 ? text.split('\r\n') : text.split('\n');
    const sep = text.includes('\r\n') ? '\r\n' : '\n';
    const variant = (name: string, edit: (l: string[]) => string[]) => {
      const path = join(dir, name);
      writeFileSync(path, edit([...lines]).join(sep));
      return verifyCli(path);
    };
    const outcomeAt = header!.indexOf('outcome');
    const edited = variant('edited.csv', (l) => {
      const cells = parseCsv(l[2]!)[0]!;
      l[2] = l[2]!.replace(cells[outcomeAt]!, 'failed');
      return l;
    });
    expect(edited.status).toBe(1);
    expect(edited.stderr).toMatch(/row 2 \(entry .*\) was changed after it was exported/);
    const removed = variant('removed.csv', (l) => [l[0]!, l[1]!, ...l.slice(3)]);
    expect(removed.status).toBe(1);
    expect(removed.stderr).toMatch(/row 2 .*says it is row 3/);
    const lastRemoved = variant('last-removed.csv', (l) => [l[0]!, l[1]!, l[2]!, ...l.slice(4)]);
    expect(lastRemoved.status).toBe(1);
    expect(lastRemoved.stderr).toMatch(/had 3 rows and 2 are left/);
    const swapped = variant('swapped.csv', (l) => [l[0]!, l[2]!, l[1]!, ...l.slice(3)]);
    expect(swapped.status).toBe(1);
    expect(swapped.stderr).toMatch(/row 1 .*says it is row 2/);
  });
});
