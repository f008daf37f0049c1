// Who did what, tamper-evident: every journal entry names the OS user and the computer; every change is an
// event whose MAC (HMAC-SHA-256 under the chain key) covers the event before it. Journal → Verify names the
// first event or entry that does not match, also after an attacker without the key recomputed the chain with
// plain SHA-256; a journal from before any chain is chained from the upgrade, and one whose events were hashed
// without a key is re-anchored at the upgrade and says from which event, its older events held by the keyed one.
import { mkdtempSync, rmSync } from 'node:fs';
import { hostname, tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GENESIS_HASH, eventHash } from '../../../src-main/journal/chain-mac';
import { type Journal, openJournal } from '../../../src-main/journal/journal';
import { JOURNAL_SCHEMA } from '../../../src-main/journal/journal-migrations';
import { migrate } from '../../../src-main/storage/sqlite-database';
import { TEST_CHAIN_KEY } from '../../support/journal-key';

let dir: string;
let journal: Journal | null = null;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'card-desk-chain-'));
});
afterEach(() => {
  journal?.close();
  journal = null;
  rmSync(dir, { recursive: true, force: true });
});

const ADA = { user: 'ada.obi', host: 'LAGOS-DESK-7' };
const file = () => join(dir, 'journal.sqlite');

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

const tamper = (sql: string) => {
  const db = new DatabaseSync(file());
  db.exec(sql);
  db.close();
};
/** Verify on the file as it is now (opened without an anchor: this file is about the chain itself). */
const check = async () => {
  const j = openJournal({ file: file(), key: TEST_CHAIN_KEY, operator: ADA });
  try {
    return await j.verify();
  } finally {
    j.close();
  }
};

/** What an attacker without the key does: every event's hash recomputed with plain SHA-256 after an edit. */
function rechainWithSha256(): void {
  const db = new DatabaseSync(file());
  const rows = db.prepare('SELECT * FROM events ORDER BY seq').all() as {
    seq: number;
    at: string;
    entry_id: string;
    kind: string;
    operator: string;
    host: string;
    body: string;
  }[];
  let prev = GENESIS_HASH;
  const update = db.prepare('UPDATE events SET prev_hash = ?, hash = ? WHERE seq = ?');
  for (const r of rows) {
    const hash = eventHash(prev, {
      seq: r.seq,
      at: r.at,
      entryId: r.entry_id,
      kind: r.kind,
      operator: r.operator,
      host: r.host,
      body: r.body,
    });
    update.run(prev, hash, r.seq);
    prev = hash;
  }
  db.close();
}

describe('the journal chain', () => {
  it('names the operator on every entry and finds an untouched chain intact under its key', async () => {
    journal = openJournal({ file: file(), key: TEST_CHAIN_KEY, operator: ADA });
    const ids = someWrites(journal);
    expect(journal.get(ids[0]!)).toMatchObject({ operator: 'ada.obi', host: 'LAGOS-DESK-7' });
    const verified = await journal.verify();
    expect(verified).toMatchObject({ events: 7, adoptedEntries: 0, keyedFrom: 1, firstBad: null });
    // Opened without an anchor in the keychain: the chain is intact, and Verify says its end is not anchored.
    expect(verified.ok).toBe(false);
    expect(verified.anchor.problem).toContain('without an anchor in the keychain');
    journal.close();
    // The default operator is this process's OS user and computer.
    journal = openJournal({ file: file(), key: TEST_CHAIN_KEY });
    const mine = journal.begin({
      environmentId: 'env-1',
      operation: 'accounts.create',
      request: {},
      clientReference: null,
      fingerprint: 'g',
    });
    expect(mine).toMatchObject({ operator: userInfo().username, host: hostname() });
    expect((await journal.verify()).firstBad).toBeNull();
  });

  it('names the first event or entry that does not match', async () => {
    journal = openJournal({ file: file(), key: TEST_CHAIN_KEY, operator: ADA });
    const ids = someWrites(journal);
    journal.close();
    journal = null;

    tamper(`UPDATE entries SET error = 'nothing happened' WHERE id = '${ids[1]}'`);
    expect((await check()).firstBad).toMatchObject({
      entryId: null,
      problem: `entry ${ids[1]} of ${journalAt(ids[1]!)} was changed without an event`,
    });
    tamper(`UPDATE entries SET error = 'lost' WHERE id = '${ids[1]}'`);
    expect((await check()).firstBad).toBeNull();

    tamper(`UPDATE events SET body = replace(body, 'card-1', 'card-2') WHERE seq = 4`);
    expect((await check()).firstBad).toMatchObject({
      seq: 4,
      entryId: ids[0],
      problem: 'event 4 was changed after it was written',
    });
    tamper(`UPDATE events SET body = replace(body, 'card-2', 'card-1') WHERE seq = 4`);
    expect((await check()).firstBad).toBeNull();

    tamper('DELETE FROM events WHERE seq = 5');
    expect((await check()).firstBad).toMatchObject({ seq: 6, problem: 'event 5 is missing (the next is 6)' });
  });

  it('a cell changed and the chain recomputed with plain SHA-256 is named at the first event', async () => {
    journal = openJournal({ file: file(), key: TEST_CHAIN_KEY, operator: ADA });
    const ids = someWrites(journal);
    journal.close();
    journal = null;
    // The failed write made to look like a success, in the entry and in its last event, every hash recomputed.
    tamper(`UPDATE entries SET outcome = 'succeeded', error = NULL, result_id = 'card-9' WHERE id = '${ids[2]}'`);
    tamper(
      `UPDATE events SET body = (SELECT json_object(${STATE_PAIRS}) FROM entries WHERE id = '${ids[2]}') WHERE seq = 7`,
    );
    rechainWithSha256();
    expect((await check()).firstBad).toMatchObject({ seq: 1, problem: 'event 1 was changed after it was written' });
  });

  it('chains a journal from before any chain from the upgrade, under the key, and says so', async () => {
    const old = new DatabaseSync(file());
    migrate(old, { ...JOURNAL_SCHEMA, migrations: JOURNAL_SCHEMA.migrations.slice(0, 4) });
    old.exec(`INSERT INTO entries (id, seq, at, updated_at, environment_id, operation, request_json, fingerprint, outcome)
      VALUES ('old-1', 1, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'env-1', 'cards.create', '{}', 'f', 'succeeded')`);
    old.close();
    journal = openJournal({ file: file(), key: TEST_CHAIN_KEY, operator: ADA });
    expect(journal.get('old-1')).toMatchObject({ operator: null, host: null });
    expect(await journal.verify()).toMatchObject({ events: 2, adoptedEntries: 1, keyedFrom: 1, firstBad: null });
    const db = new DatabaseSync(file(), { readOnly: true });
    const first = db.prepare('SELECT kind, body FROM events WHERE seq = 1').get() as { kind: string; body: string };
    db.close();
    expect(first.kind).toBe('chain_started');
    expect(first.body).toContain('written by an earlier Card Desk without a chain');
  });

  it('an emptied events table is not taken for an upgrade: the entries are named as having no event', async () => {
    journal = openJournal({ file: file(), key: TEST_CHAIN_KEY, operator: ADA });
    const ids = someWrites(journal);
    journal.close();
    journal = null;
    tamper('DELETE FROM events');
    journal = openJournal({ file: file(), key: TEST_CHAIN_KEY, operator: ADA });
    const verified = await journal.verify();
    expect(verified).toMatchObject({ events: 0, adoptedEntries: 0 });
    expect(verified.firstBad!.problem).toBe(`entry ${ids[0]} of ${journalAt(ids[0]!)} has no event in the chain`);
  });

  it('re-anchors a journal whose events were hashed without a key, says from which event, and holds them from there', async () => {
    // A journal as the Card Desk before the key left it: schema 6, events chained with plain SHA-256.
    const old = new DatabaseSync(file());
    migrate(old, { ...JOURNAL_SCHEMA, migrations: JOURNAL_SCHEMA.migrations.slice(0, 6) });
    old.exec(`INSERT INTO entries (id, seq, at, updated_at, environment_id, operation, request_json, fingerprint, fingerprint_version, outcome, operator, host)
      VALUES ('old-1', 1, '2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'env-1', 'cards.create', '{}', 'f', 2, 'succeeded', 'ada.obi', 'LAGOS-DESK-7')`);
    const state = JSON.stringify(old.prepare(`SELECT ${STATE_LIST} FROM entries WHERE id = 'old-1'`).get());
    const at = '2026-01-01T00:00:01.000Z';
    const event = { seq: 1, at, entryId: 'old-1', kind: 'begun', operator: ADA.user, host: ADA.host, body: state };
    old
      .prepare(
        'INSERT INTO events (seq, at, entry_id, kind, operator, host, body, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .run(1, at, 'old-1', 'begun', ADA.user, ADA.host, state, GENESIS_HASH, eventHash(GENESIS_HASH, event));
    old.close();

    journal = openJournal({ file: file(), key: TEST_CHAIN_KEY, operator: ADA });
    const verified = await journal.verify();
    expect(verified).toMatchObject({ events: 2, keyedFrom: 2, firstBad: null });
    journal.close();
    journal = null;
    const db = new DatabaseSync(file(), { readOnly: true });
    const keyed = db.prepare('SELECT kind, body FROM events WHERE seq = 2').get() as { kind: string; body: string };
    db.close();
    expect(keyed.kind).toBe('chain_keyed');
    expect(JSON.parse(keyed.body)).toMatchObject({ unkeyedEvents: 1, atUpgrade: 'intact' });
    expect(keyed.body).toContain('From this event on the chain is keyed');

    // The older event changed and its plain hash recomputed: the keyed event no longer follows it.
    tamper(`UPDATE events SET host = 'ELSEWHERE' WHERE seq = 1`);
    rechainWithSha256();
    expect((await check()).firstBad).toMatchObject({ seq: 2 });
    expect((await check()).firstBad!.problem).toMatch(/^event 2 (does not follow the event before it|was changed)/);
  });

  it('a journal chained with another key is refused at opening, naming it', () => {
    journal = openJournal({ file: file(), key: TEST_CHAIN_KEY, operator: ADA });
    someWrites(journal);
    journal.close();
    journal = null;
    expect(() => openJournal({ file: file(), key: new Uint8Array(32).fill(9) })).toThrow(
      'was chained with another journal key than the one in the system keychain',
    );
  });
});

/** The columns an entry's chained state holds, as SQL (to forge an event the way the app writes one). */
const STATE_LIST =
  'id, at, environment_id, origin, operation, request_json, customer_id, client_reference, outcome, result_id, error, resend_acknowledged, evidence_json, operator, host';
const STATE_PAIRS = STATE_LIST.split(', ')
  .map((c) => `'${c}', ${c}`)
  .join(', ');

function journalAt(id: string): string {
  const db = new DatabaseSync(file(), { readOnly: true });
  const row = db.prepare('SELECT at FROM entries WHERE id = ?').get(id) as { at: string };
  db.close();
  return row.at;
}
