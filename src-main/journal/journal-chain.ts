// The journal's tamper-evident history: every change to an entry (a new entry, an outcome settled, a
// reconciliation, evidence recorded, a resend acknowledged, an interrupted write found at start) is
// appended to `events` in the same transaction, as the entry's whole state after the change, with who made
// it (OS user and computer). Each event's MAC is an HMAC-SHA-256, under the journal's chain key from the OS
// keychain (journal-keys.ts), of its content and the previous event's MAC: someone who can edit the file but
// not read the key cannot change, remove or reorder an event, nor chain a forged one, without Verify seeing
// it (chain-verify.ts). After every commit the head is anchored in the keychain too (chain-anchor.ts), so a
// cut-off end, an emptied table or another file shows as well.
//
// A journal from before the key is keyed at its first opening after the upgrade: events written then with a
// plain SHA-256 chain stay as they were, and a `chain_keyed` event, whose MAC covers the last of them, says
// from which event the chain is keyed and whether the older part was intact. A journal from before any chain
// is chained from its upgrade: a first event says so, and one event per existing entry records it as it was.
// Either happens only while the journal has no `chain_key` row; an events table emptied later is not an
// upgrade, and Verify names the entries left without an event.
//
// What an entry's chained state leaves out: its fingerprint (worked out again from its request when the
// definition changes) and `updated_at` (the event's own time says when).
import { randomUUID } from 'node:crypto';
import { hostname, userInfo } from 'node:os';
import type { DatabaseSync, StatementSync } from 'node:sqlite';
import type { Anchor, ChainHead } from './chain-anchor';
import { GENESIS_HASH, STATE_COLUMNS, eventMac } from './chain-mac';
import {
  anchorMismatch,
  verifyChain,
  withAnchor,
  type ChainCheck,
  type ChainIdentity,
  type ChainKeys,
} from './chain-verify';
import { chainKeyId } from './journal-keys';

export type { ChainCheck };

export type EventKind =
  | 'chain_started'
  | 'chain_keyed'
  | 'adopted'
  | 'begun'
  | 'settled'
  | 'reconciled'
  | 'evidence'
  | 'resend_acknowledged'
  | 'interrupted';

/** Who is making changes: the OS user name and the computer's name. */
export interface Operator {
  user: string;
  host: string;
}

/** The operator of this process: the OS user name and the computer's name. */
export function currentOperator(): Operator {
  let user: string;
  try {
    user = userInfo().username;
  } catch {
    user = process.env.USER ?? process.env.USERNAME ?? 'unknown';
  }
  return { user, host: hostname() };
}

/** The chain key in the keychain is not the one this journal was chained with. */
export class ChainKeyMismatchError extends Error {
  override readonly name = 'ChainKeyMismatchError';
}

/** The journal does not reach the head anchored in the keychain, or is another journal; `message` says which. */
export class AnchorMismatchError extends Error {
  override readonly name = 'AnchorMismatchError';
}

export interface OpenChainOptions {
  key: Uint8Array;
  operator: Operator;
  now: () => Date;
  /** The head the keychain holds for this journal (null: none, or it could not be read). */
  anchored: Anchor | null;
}

export class JournalChain {
  private readonly stateOf: StatementSync;
  private readonly last: StatementSync;
  private readonly insert: StatementSync;
  private readonly latestHash: StatementSync;
  private readonly macAt: StatementSync;
  private identity: ChainIdentity;

  /**
   * Opens the chain of a migrated journal: keys it at its first opening (see above), and checks it against
   * the head anchored in the keychain. Call inside the opening's transaction. Throws ChainKeyMismatchError or
   * AnchorMismatchError.
   */
  constructor(
    private readonly db: DatabaseSync,
    private readonly options: OpenChainOptions,
  ) {
    this.stateOf = db.prepare(`SELECT ${STATE_COLUMNS} FROM entries WHERE id = ?`);
    this.last = db.prepare('SELECT seq, hash FROM events ORDER BY seq DESC LIMIT 1');
    this.insert = db.prepare(
      'INSERT INTO events (seq, at, entry_id, kind, operator, host, body, prev_hash, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    this.latestHash = db.prepare('SELECT hash FROM events WHERE entry_id = ? ORDER BY seq DESC LIMIT 1');
    this.macAt = db.prepare('SELECT hash FROM events WHERE seq = ?');
    const { anchored, key } = options;
    const found = readIdentity(db);
    if (!found) {
      if (anchored)
        throw new AnchorMismatchError(
          `is not the journal whose chain the system keychain anchors (event ${anchored.seq}, written ${anchored.at}): it was never chained with a key, so it was replaced`,
        );
      this.identity = this.keyFirstTime();
      return;
    }
    this.identity = found;
    // Another journal is named as such before its key is compared (another journal has another key too).
    const mismatch = anchored ? anchorMismatch(anchored, found, this.keys, this.headSeq()) : null;
    if (mismatch && anchored?.journalId !== found.journalId) throw new AnchorMismatchError(mismatch);
    if (found.keyId !== chainKeyId(key))
      throw new ChainKeyMismatchError(
        'was chained with another journal key than the one in the system keychain, so it cannot be checked or continued',
      );
    if (mismatch) throw new AnchorMismatchError(mismatch);
  }

  private get keys(): ChainKeys {
    return { key: this.options.key, macAt: (seq) => (this.macAt.get(seq) as { hash: string } | undefined)?.hash };
  }

  private headSeq(): number {
    return (this.last.get() as { seq: number } | undefined)?.seq ?? 0;
  }

  /** The chain's newest event, with the journal and key it belongs to (what the anchor keeps). */
  head(): ChainHead {
    const last = this.last.get() as { seq: number; hash: string } | undefined;
    return { ...this.identity, seq: last?.seq ?? 0, mac: last?.hash ?? GENESIS_HASH };
  }

  /** The entry's state as chained: its columns as canonical JSON. */
  private state(entryId: string): string {
    const row = this.stateOf.get(entryId);
    if (!row) throw new Error(`Journal entry ${entryId} does not exist.`);
    return JSON.stringify(row);
  }

  /** Appends an event for `entryId` (its state now); call inside the change's transaction. */
  append(kind: EventKind, entryId: string, body: string = this.state(entryId)): void {
    const last = this.last.get() as { seq: number; hash: string } | undefined;
    const seq = (last?.seq ?? 0) + 1;
    const prev = last?.hash ?? GENESIS_HASH;
    const at = this.options.now().toISOString();
    const { user, host } = this.options.operator;
    const mac = eventMac(this.options.key, prev, { seq, at, entryId, kind, operator: user, host, body });
    this.insert.run(seq, at, entryId, kind, user, host, body, prev, mac);
  }

  /** The first keyed opening: names the journal and its key, and chains or re-anchors what was there. */
  private keyFirstTime(): ChainIdentity {
    const headBefore = this.last.get() as { seq: number; hash: string } | undefined;
    const identity: ChainIdentity = {
      journalId: randomUUID(),
      keyId: chainKeyId(this.options.key),
      keyedFrom: (headBefore?.seq ?? 0) + 1,
    };
    this.db
      .prepare('INSERT INTO chain_key (id, journal_id, key_id, keyed_from, at) VALUES (1, ?, ?, ?, ?)')
      .run(identity.journalId, identity.keyId, identity.keyedFrom, this.options.now().toISOString());
    this.identity = identity;
    if (headBefore) {
      // Events from the unkeyed chain: checked as they are, and held from here by the keyed event's MAC.
      const before = verifyChain(this.db, { identity: { ...identity, keyedFrom: Infinity }, key: this.options.key });
      this.append(
        'chain_keyed',
        '',
        JSON.stringify({
          note: `An earlier Card Desk chained events 1 to ${headBefore.seq} with a plain SHA-256 hash. From this event on the chain is keyed (HMAC-SHA-256 under the journal key in the system keychain) and its head is anchored in the keychain; this event's MAC covers the hash of event ${headBefore.seq}, so the events before it cannot be changed from here on without it showing.`,
          unkeyedEvents: headBefore.seq,
          atUpgrade: before.firstBad ? `not intact: ${before.firstBad.problem}` : 'intact',
        }),
      );
      return identity;
    }
    const ids = this.db.prepare('SELECT id FROM entries ORDER BY seq').all() as { id: string }[];
    if (ids.length === 0) return identity;
    this.append(
      'chain_started',
      '',
      JSON.stringify({
        note: 'This journal was written by an earlier Card Desk without a chain. It is chained from here on; its entries are recorded as they were at the upgrade.',
        entries: ids.length,
      }),
    );
    for (const { id } of ids) this.append('adopted', id);
    return identity;
  }

  /** The MAC of the entry's latest event (what an export row carries). */
  latestEventHash(entryId: string): string | null {
    const row = this.latestHash.get(entryId) as { hash: string } | undefined;
    return row?.hash ?? null;
  }

  /** Walks the whole chain under the key, then compares its end with the anchor's reading (chain-verify.ts). */
  verify(anchor: { anchored: Anchor | null; problem: string | null }): ChainCheck {
    const check = verifyChain(this.db, { identity: this.identity, key: this.options.key });
    const mismatch = anchor.anchored ? anchorMismatch(anchor.anchored, this.identity, this.keys, this.headSeq()) : null;
    return withAnchor(check, anchor, mismatch);
  }
}

function readIdentity(db: DatabaseSync): ChainIdentity | null {
  const row = db.prepare('SELECT journal_id, key_id, keyed_from FROM chain_key WHERE id = 1').get() as
    { journal_id: string; key_id: string; keyed_from: number } | undefined;
  return row ? { journalId: row.journal_id, keyId: row.key_id, keyedFrom: row.keyed_from } : null;
}
