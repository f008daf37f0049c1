// The chain's head anchored in the real OS keychain after every commit: Verify and the next opening compare the
// file with it. An edit of journal.sqlite that the chain alone cannot show (the last event deleted, the events
// table emptied, the whole file deleted with its marker or replaced by another journal) makes Verify fail or the
// journal refused at opening, naming what was found; so does a chain recomputed with plain SHA-256 and a chain
// key gone from the keychain, and a cut tail whose anchor was deleted from the keychain (never adopted again).
// An anchor that lags the file (the app stopped before it was written) is no finding.
import { copyFileSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppCore } from '../../../src-main/core/app-core';
import { GENESIS_HASH, eventHash } from '../../../src-main/journal/chain-mac';
import { type Journal, openJournal } from '../../../src-main/journal/journal';
import { JOURNAL_MARKER, openJournalFile } from '../../../src-main/journal/journal-file';
import { journalAccounts, parseChainKey } from '../../../src-main/journal/journal-keys';
import { defaultSecretStore } from '../../../src-main/keychain/default-secret-store';
import { testAppCore } from '../support/app-core';

const secrets = defaultSecretStore();
afterAll(() => (secrets as { dispose?: () => void }).dispose?.());

let dataDir: string;
const opened: Journal[] = [];
let core: AppCore | null = null;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'card-desk-anchor-'));
});
afterEach(async () => {
  for (const j of opened.splice(0)) j.close();
  await core?.dispose();
  core = null;
  rmSync(dataDir, { recursive: true, force: true });
});

const journalFile = (dir = dataDir) => join(dir, 'journal.sqlite');
const asideFiles = () => readdirSync(dataDir).filter((f) => f.startsWith('journal.sqlite.corrupt-'));

async function open(dir = dataDir) {
  const result = await openJournalFile({ dataDir: dir, secrets });
  opened.push(result.journal);
  return result;
}

/** A journal with three writes, one settled: 4 events, the last anchored. Closed when this returns. */
async function journalWithWrites(dir = dataDir): Promise<string[]> {
  const { journal } = await open(dir);
  const ids = ['c1', 'c2', 'c3'].map(
    (customerId) =>
      journal.begin({
        environmentId: 'env-1',
        operation: 'cards.create',
        request: { customerId },
        clientReference: `cd-${customerId}`,
        fingerprint: customerId,
      }).id,
  );
  journal.settle(ids[0]!, { outcome: 'failed', error: 'declined' });
  journal.close();
  await journal.anchored();
  return ids;
}

const tamper = (sql: string) => {
  const db = new DatabaseSync(journalFile());
  db.exec(sql);
  db.close();
};

describe('the head anchored in the keychain', () => {
  it('an untouched journal is intact up to its anchored head', async () => {
    await journalWithWrites();
    const { journal, status } = await open();
    expect(status.state).toBe('ok');
    expect(await journal.verify()).toMatchObject({
      ok: true,
      events: 4,
      firstBad: null,
      anchor: { seq: 4, problem: null },
    });
  });

  it('the last event deleted while the journal is open: Verify names the cut end', async () => {
    await journalWithWrites();
    const { journal } = await open();
    tamper('DELETE FROM events WHERE seq = 4');
    const verified = await journal.verify();
    expect(verified.ok).toBe(false);
    expect(verified.firstBad).toMatchObject({ seq: 4 });
    expect(verified.firstBad!.problem).toMatch(
      /^the journal ends at event 3, but the system keychain's anchor records event 4, written .*: event 4 was removed from its end$/,
    );
  });

  it('the events table emptied while the journal is open: Verify says its events were deleted', async () => {
    await journalWithWrites();
    const { journal } = await open();
    tamper('DELETE FROM events');
    const verified = await journal.verify();
    expect(verified.ok).toBe(false);
    expect(verified.firstBad!.problem).toMatch(
      /^the journal has no event left, but the system keychain's anchor records event 4, .*: its events were deleted$/,
    );
  });

  it('the last event deleted while Card Desk was closed: the journal is refused and Verify names it', async () => {
    await journalWithWrites();
    tamper('DELETE FROM events WHERE seq = 4');
    core = await testAppCore(dataDir);
    const ctx = { signal: new AbortController().signal };
    const verified = await core.handlers['journal.verify'](undefined, ctx);
    expect(!verified.ok && verified.error.kind).toBe('conflict');
    expect(!verified.ok && verified.error.message).toMatch(
      /^The journal could not be checked: it ends at event 3, .*: event 4 was removed from its end\. It was moved to journal\.sqlite\.corrupt-/,
    );
    const status = await core.handlers['journal.status'](undefined, ctx);
    expect(status.ok && status.data.state).toBe('refused');
    expect(asideFiles()).toHaveLength(1);
  });

  it('the tail cut and the anchor deleted from the keychain while closed: refused, its head not adopted again', async () => {
    await journalWithWrites();
    tamper('DELETE FROM events WHERE seq = 4');
    await secrets.delete(journalAccounts(dataDir).anchor);
    core = await testAppCore(dataDir);
    const ctx = { signal: new AbortController().signal };
    const status = await core.handlers['journal.status'](undefined, ctx);
    expect(status.ok && status.data.state).toBe('refused');
    const verified = await core.handlers['journal.verify'](undefined, ctx);
    expect(!verified.ok && verified.error.message).toMatch(
      /^The journal could not be checked: it has lost its anchor: the head of its chain, kept in the system keychain since \d{1,2} [A-Z][a-z]{2} \d{4}, is no longer there, so whether events were removed from its end cannot be checked\. It was moved to journal\.sqlite\.corrupt-/,
    );
    expect(asideFiles()).toHaveLength(1);
    // Nor on the next start: the keychain holds no head adopted from the cut file.
    expect(await secrets.get(journalAccounts(dataDir).anchor)).toBeNull();
  });

  it('the events table emptied while closed: refused at opening, naming it', async () => {
    await journalWithWrites();
    tamper('DELETE FROM events');
    const { journal, status } = await open();
    expect(status.state).toBe('refused');
    expect(status.problem).toMatch(
      /has no event left, but the system keychain's anchor records event 4.*its events were deleted/,
    );
    expect(() =>
      journal.begin({
        environmentId: 'e',
        operation: 'cards.create',
        request: {},
        clientReference: null,
        fingerprint: 'f',
      }),
    ).toThrow(/Nothing was sent/);
  });

  it('a changed cell with every hash recomputed by plain SHA-256: refused at opening, the anchored event named', async () => {
    const ids = await journalWithWrites();
    tamper(`UPDATE entries SET error = 'approved' WHERE id = '${ids[0]}'`);
    const db = new DatabaseSync(journalFile());
    let prev = GENESIS_HASH;
    for (const r of db.prepare('SELECT * FROM events ORDER BY seq').all() as Record<string, string>[]) {
      const body = r.entry_id === ids[0] && r.kind === 'settled' ? r.body!.replace('declined', 'approved') : r.body!;
      const content = {
        seq: Number(r.seq),
        at: r.at!,
        entryId: r.entry_id!,
        kind: r.kind!,
        operator: r.operator!,
        host: r.host!,
        body,
      };
      const hash = eventHash(prev, content);
      db.prepare('UPDATE events SET body = ?, prev_hash = ?, hash = ? WHERE seq = ?').run(
        body,
        prev,
        hash,
        Number(r.seq),
      );
      prev = hash;
    }
    db.close();
    const { status } = await open();
    expect(status.state).toBe('refused');
    expect(status.problem).toMatch(
      /holds an event 4 that is not the one anchored in the system keychain .*: the chain was rewritten/,
    );
  });

  it('journal.sqlite deleted with its marker: refused as missing, the anchored head named', async () => {
    await journalWithWrites();
    for (const f of ['journal.sqlite', 'journal.sqlite-wal', 'journal.sqlite-shm', JOURNAL_MARKER])
      rmSync(join(dataDir, f), { force: true });
    const { status } = await open();
    expect(status).toMatchObject({ state: 'refused', asideFile: null });
    expect(status.problem).toMatch(/^is missing \(the system keychain holds the head of its chain: event 4, written /);
    expect(existsSync(journalFile())).toBe(false);
  });

  it('journal.sqlite replaced by another journal with its marker: refused as replaced', async () => {
    await journalWithWrites();
    const elsewhere = mkdtempSync(join(tmpdir(), 'card-desk-anchor-other-'));
    try {
      await journalWithWrites(elsewhere);
      for (const f of ['journal.sqlite', JOURNAL_MARKER]) copyFileSync(join(elsewhere, f), join(dataDir, f));
      const { status } = await open();
      expect(status.state).toBe('refused');
      expect(status.problem).toMatch(
        /is not the journal whose chain the system keychain anchors .*: it was replaced by another file/,
      );
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it('the chain key gone from the keychain: refused, not chained again under a new key', async () => {
    await journalWithWrites();
    await secrets.delete(journalAccounts(dataDir).chainKey);
    const { status } = await open();
    expect(status.state).toBe('refused');
    expect(status.problem).toContain('was chained with a journal key that is no longer in the system keychain');
  });

  it('an anchor that lags the file (Card Desk stopped before writing it) is no finding', async () => {
    await journalWithWrites();
    // Two more events committed as a process that died before its anchor write leaves them.
    const key = parseChainKey(await secrets.get(journalAccounts(dataDir).chainKey))!;
    const unanchored = openJournal({ file: journalFile(), key });
    unanchored.begin({
      environmentId: 'env-1',
      operation: 'accounts.create',
      request: {},
      clientReference: null,
      fingerprint: 'a',
    });
    unanchored.close();
    const { journal, status } = await open();
    expect(status.state).toBe('ok');
    expect(await journal.verify()).toMatchObject({ ok: true, events: 5, anchor: { seq: 5, problem: null } });
  });
});
