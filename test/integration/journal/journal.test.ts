// The journal of writes on a real SQLite file: written before sending, durable across reopen, recovered
// after a crash, searchable, and never holding a full card number.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { journalEntrySchema } from '../../../src-shared/ipc/channels/journal';
import { INTERRUPTED_MESSAGE, type BeginEntry, type Journal, openJournal } from '../../../src-main/journal/journal';
import { fingerprintOf } from '../../../src-main/journal/fingerprint';
import { JOURNAL_SCHEMA_VERSION } from '../../../src-main/journal/journal-migrations';
import { expectWalAtVersion, setSchemaVersion } from '../support/sqlite-file';
import { TEST_CHAIN_KEY } from '../../support/journal-key';

const CUSTOMER = 'c'.repeat(24);
const PAN = '5061460410120223210';

const cardWrite = (extra: Partial<BeginEntry> = {}): BeginEntry => ({
  environmentId: 'env-a',
  operation: 'cards.create',
  request: {
    customerId: CUSTOMER,
    type: 'physical',
    brand: 'Verve',
    currency: 'NGN',
    status: 'active',
    number: PAN,
    metadata: { clientReference: 'cd-1' },
  },
  clientReference: 'cd-1',
  fingerprint: 'f1',
  ...extra,
});

describe('journal (SQLite)', () => {
  let folder: string;
  let file: string;
  let journal: Journal;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'journal-'));
    file = join(folder, 'journal.sqlite');
    journal = openJournal({ key: TEST_CHAIN_KEY, file });
  });
  afterEach(() => {
    journal.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('is a WAL database at the current schema version', () => {
    journal.begin(cardWrite());
    expectWalAtVersion(file, JOURNAL_SCHEMA_VERSION);
  });

  it('refuses a file from a newer Card Desk', () => {
    journal.close();
    setSchemaVersion(file, JOURNAL_SCHEMA_VERSION + 1);
    expect(() => openJournal({ key: TEST_CHAIN_KEY, file })).toThrow(/newer than this Card Desk understands/);
    journal = openJournal({ key: TEST_CHAIN_KEY, file: join(folder, 'other.sqlite') });
  });

  it('records a write as pending, readable by another connection before any answer', () => {
    const entry = journal.begin(cardWrite());
    expect(journalEntrySchema.parse(entry)).toEqual(entry);
    expect(entry).toMatchObject({
      outcome: 'pending',
      environmentId: 'env-a',
      operation: 'cards.create',
      clientReference: 'cd-1',
      resultId: null,
      resendAcknowledged: false,
    });
    const other = new DatabaseSync(file, { readOnly: true });
    try {
      expect(other.prepare('SELECT outcome FROM entries WHERE id = ?').get(entry.id)).toEqual({ outcome: 'pending' });
    } finally {
      other.close();
    }
  });

  it('keeps settled entries across close and reopen', () => {
    const a = journal.begin(cardWrite());
    journal.settle(a.id, { outcome: 'succeeded', resultId: 'card-1' });
    const b = journal.begin(cardWrite({ fingerprint: 'f2', clientReference: 'cd-2' }));
    journal.settle(b.id, { outcome: 'failed', error: 'number is not a valid card number' });
    journal.close();
    journal = openJournal({ key: TEST_CHAIN_KEY, file });
    expect(journal.get(a.id)).toMatchObject({ outcome: 'succeeded', resultId: 'card-1', error: null });
    expect(journal.get(b.id)).toMatchObject({ outcome: 'failed', error: 'number is not a valid card number' });
    expect(journal.list({ environmentId: 'env-a' }).entries.map((e) => e.id)).toEqual([b.id, a.id]);
  });

  it('never stores a full card number', () => {
    const entry = journal.begin(cardWrite());
    expect(entry.request.number).toBe('506146*********3210');
    journal.close();
    const bytes = readdirSync(folder)
      .map((f) => readFileSync(join(folder, f)).toString('latin1'))
      .join('');
    expect(bytes).not.toContain(PAN);
    expect(bytes).toContain('506146*********3210');
    journal = openJournal({ key: TEST_CHAIN_KEY, file });
  });

  it('turns a pending entry older than the process into an unknown outcome when opened', () => {
    journal.close();
    let clock = Date.parse('2026-11-22T10:00:00.000Z');
    journal = openJournal({ key: TEST_CHAIN_KEY, file, now: () => new Date(clock) });
    const before = journal.begin(cardWrite());
    clock += 10_000;
    const after = journal.begin(cardWrite({ fingerprint: 'f-after' }));
    journal.close();
    // The process that opens the file now started between the two writes.
    journal = openJournal({
      key: TEST_CHAIN_KEY,
      file,
      processStartedAt: new Date(Date.parse('2026-11-22T10:00:05.000Z')),
    });
    expect(journal.recoveredAtOpen).toBe(1);
    expect(journal.get(before.id)).toMatchObject({ outcome: 'outcome_unknown', error: INTERRUPTED_MESSAGE });
    expect(journal.get(after.id)?.outcome).toBe('pending');
    expect(journal.blockingUnknown('env-a', 'f1')?.id).toBe(before.id);
  });

  it('leaves pending entries of the running process alone when reopened', () => {
    const entry = journal.begin(cardWrite());
    journal.close();
    journal = openJournal({ key: TEST_CHAIN_KEY, file });
    expect(journal.recoveredAtOpen).toBe(0);
    expect(journal.get(entry.id)?.outcome).toBe('pending');
  });

  it('a new process marks what a dead one left pending', () => {
    const entry = journal.begin(cardWrite());
    journal.close();
    // A real second process, started after the entry was written, opens the journal with its defaults.
    const script = join(folder, 'reopen.ts');
    const journalModule = resolve('src-main/journal/journal.ts');
    writeFileSync(
      script,
      `import { openJournal } from ${JSON.stringify(journalModule)};
      const j = openJournal({ key: new Uint8Array(${JSON.stringify([...TEST_CHAIN_KEY])}), file: ${JSON.stringify(file)} });
      process.stdout.write(JSON.stringify({ recovered: j.recoveredAtOpen, entry: j.get(${JSON.stringify(entry.id)}) }));
      j.close();`,
    );
    const out = JSON.parse(execFileSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' })) as {
      recovered: number;
      entry: { outcome: string };
    };
    expect(out.recovered).toBe(1);
    expect(out.entry.outcome).toBe('outcome_unknown');
    journal = openJournal({ key: TEST_CHAIN_KEY, file });
    expect(journal.get(entry.id)).toMatchObject({ outcome: 'outcome_unknown', error: INTERRUPTED_MESSAGE });
  });

  it('moves only along pending → settled and outcome_unknown → reconciled', () => {
    const e = journal.begin(cardWrite());
    expect(() => journal.reconcile(e.id, 'x')).toThrow(/could not be reconciled: its outcome is pending/);
    expect(() => journal.acknowledgeResend(e.id)).toThrow(/its outcome is pending/);
    journal.settle(e.id, { outcome: 'outcome_unknown', error: 'connection lost' });
    expect(journal.unresolved('env-a')).toHaveLength(1);
    expect(journal.reconcile(e.id, 'card-9')).toMatchObject({ outcome: 'reconciled', resultId: 'card-9' });
    expect(() => journal.settle(e.id, { outcome: 'failed', error: 'late' })).toThrow(/its outcome is reconciled/);
    expect(journal.unresolved('env-a')).toEqual([]);
    expect(journal.findByResultId('env-a', 'card-9')?.id).toBe(e.id);
    expect(() => journal.get('missing')).not.toThrow();
    expect(() => journal.settle('missing', { outcome: 'failed', error: 'x' })).toThrow(/does not exist/);
  });

  it('blocks an identical write after an unknown outcome until the user allows a resend', () => {
    const e = journal.begin(cardWrite());
    journal.settle(e.id, { outcome: 'outcome_unknown', error: 'connection lost' });
    expect(journal.blockingUnknown('env-a', 'f1')?.id).toBe(e.id);
    expect(journal.blockingUnknown('env-b', 'f1')).toBeNull();
    expect(journal.blockingUnknown('env-a', 'other')).toBeNull();
    expect(journal.acknowledgeResend(e.id).resendAcknowledged).toBe(true);
    expect(journal.blockingUnknown('env-a', 'f1')).toBeNull();
    expect(journal.unresolved('env-a', 'cards.create')).toHaveLength(1);
    expect(journal.unresolved('env-a', 'accounts.create')).toHaveLength(0);
  });

  it("answers a whole set of fingerprints' earlier writes at once, as the look-ups of one answer each", () => {
    const done = journal.begin(cardWrite({ fingerprint: 'f-done' }));
    journal.settle(done.id, { outcome: 'succeeded', resultId: 'card-1' });
    const again = journal.begin(cardWrite({ fingerprint: 'f-done' }));
    journal.settle(again.id, { outcome: 'succeeded', resultId: 'card-2' });
    const lost = journal.begin(cardWrite({ fingerprint: 'f-lost' }));
    journal.settle(lost.id, { outcome: 'outcome_unknown', error: 'connection lost' });
    const allowed = journal.begin(cardWrite({ fingerprint: 'f-allowed' }));
    journal.settle(allowed.id, { outcome: 'outcome_unknown', error: 'connection lost' });
    journal.acknowledgeResend(allowed.id);
    const failed = journal.begin(cardWrite({ fingerprint: 'f-failed' }));
    journal.settle(failed.id, { outcome: 'failed', error: 'declined' });
    journal.begin(cardWrite({ fingerprint: 'f-elsewhere', environmentId: 'env-b' }));

    const asked = ['f-done', 'f-lost', 'f-allowed', 'f-failed', 'f-elsewhere', 'f-never', 'f-done'];
    const prior = journal.priorWrites('env-a', asked);
    for (const f of asked) {
      const one = { success: journal.recentSuccess('env-a', f, ''), unknown: journal.blockingUnknown('env-a', f) };
      expect(prior.get(f) ?? { success: null, unknown: null }).toEqual(one);
    }
    expect(prior.get('f-done')?.success?.resultId).toBe('card-2');
    expect(prior.get('f-lost')?.unknown?.id).toBe(lost.id);
    expect([...prior.keys()].sort()).toEqual(['f-done', 'f-lost']);
    expect(journal.priorWrites('env-a', []).size).toBe(0);
  });

  it('fingerprints rows from an older Card Desk again when opened, so they still block and count', () => {
    const e = journal.begin(cardWrite());
    journal.settle(e.id, { outcome: 'outcome_unknown', error: 'connection lost' });
    journal.close();
    // As an older Card Desk left it: its own fingerprint, schema 1.
    const db = new DatabaseSync(file);
    db.exec(`UPDATE entries SET fingerprint = 'old-style', fingerprint_version = 1`);
    db.close();
    journal = openJournal({ key: TEST_CHAIN_KEY, file });
    const today = fingerprintOf('cards.create', journal.get(e.id)!.request);
    expect(journal.get(e.id)!.fingerprint).toBe(today);
    expect(journal.blockingUnknown('env-a', today)?.id).toBe(e.id);
  });

  it('keeps the evidence of a look beside the outcome', () => {
    const e = journal.begin(cardWrite());
    journal.settle(e.id, { outcome: 'outcome_unknown', error: 'connection lost' });
    const evidence = {
      checkedAt: '2026-11-23T10:00:00.000Z',
      certainty: 'likely' as const,
      summary: 'One card fits.',
      candidates: ['d'.repeat(24)],
    };
    expect(journal.recordEvidence(e.id, evidence)).toMatchObject({ outcome: 'outcome_unknown', evidence });
    journal.close();
    journal = openJournal({ key: TEST_CHAIN_KEY, file });
    expect(journal.get(e.id)!.evidence).toEqual(evidence);
  });

  it('lists per environment, newest first, with search, outcome filter and paging', () => {
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const e = journal.begin(
        cardWrite({ clientReference: `cd-${i}`, fingerprint: `f${i}`, environmentId: i < 25 ? 'env-a' : 'env-b' }),
      );
      ids.push(e.id);
      if (i % 3 === 0) journal.settle(e.id, { outcome: 'succeeded', resultId: `card-result-${i}` });
      else if (i % 3 === 1) journal.settle(e.id, { outcome: 'failed', error: `brand problem ${i}` });
    }
    const account = journal.begin({
      environmentId: 'env-a',
      operation: 'accounts.create',
      request: { type: 'wallet', currency: 'USD', accountType: 'Savings', customerId: 'd'.repeat(24) },
      clientReference: null,
      fingerprint: 'acc',
    });

    const first = journal.list({ environmentId: 'env-a', page: 0, limit: 10 });
    expect(first.total).toBe(26);
    expect(first.entries.map((e) => e.id)).toEqual([account.id, ...ids.slice(0, 25).reverse().slice(0, 9)]);
    expect(journal.list({ environmentId: 'env-a', page: 2, limit: 10 }).entries).toHaveLength(6);
    expect(journal.list({ environmentId: 'env-b' }).total).toBe(5);
    expect(journal.list().total).toBe(31);

    expect(journal.list({ environmentId: 'env-a', outcome: 'succeeded' }).total).toBe(9);
    expect(journal.list({ environmentId: 'env-a', outcome: 'pending' }).total).toBe(9);
    expect(journal.list({ environmentId: 'env-a', query: 'cd-12' }).entries.map((e) => e.clientReference)).toEqual([
      'cd-12',
    ]);
    expect(journal.list({ environmentId: 'env-a', query: 'card-result-2' }).entries.map((e) => e.resultId)).toEqual([
      'card-result-24',
      'card-result-21',
    ]);
    expect(journal.list({ environmentId: 'env-a', query: 'brand problem 4' }).total).toBe(1);
    expect(journal.list({ environmentId: 'env-a', query: 'accounts.create' }).entries.map((e) => e.id)).toEqual([
      account.id,
    ]);
    expect(journal.list({ environmentId: 'env-a', query: 'd'.repeat(24) }).entries.map((e) => e.id)).toEqual([
      account.id,
    ]);
    expect(journal.list({ environmentId: 'env-a', query: CUSTOMER }).total).toBe(25);
    // LIKE wildcards in the query stand for themselves.
    expect(journal.list({ environmentId: 'env-a', query: '%' }).total).toBe(0);
    expect(journal.list({ environmentId: 'env-a', query: 'cd_1' }).total).toBe(0);
  });
});
