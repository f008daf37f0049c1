// Journal → Verify: walks the chain of events (journal-chain.ts) under the chain key, compares each entry with
// its last event, and compares the chain's end with the head anchored in the keychain (chain-anchor.ts). Names
// the first event or entry that does not match, or what the anchor shows: a cut-off end, an emptied events
// table, a rewritten chain, another journal.
import type { DatabaseSync } from 'node:sqlite';
import type { Anchor } from './chain-anchor';
import { GENESIS_HASH, STATE_COLUMNS, eventHash, eventMac } from './chain-mac';

/** Which journal and key a chain belongs to, and its first event under the key. */
export interface ChainIdentity {
  journalId: string;
  keyId: string;
  keyedFrom: number;
}

export interface ChainKeys {
  key: Uint8Array;
  /** The stored MAC of event `seq`, if there is one. */
  macAt(seq: number): string | undefined;
}

export interface ChainCheck {
  ok: boolean;
  events: number;
  /** When the chain began, and whether it began at an upgrade (entries before it were adopted as they were). */
  startedAt: string | null;
  adoptedEntries: number;
  /** The first event under the chain key: 1, or the event where an earlier journal was re-anchored. */
  keyedFrom: number | null;
  /** The first event (or entry) that does not match, in words. */
  firstBad: { seq: number | null; entryId: string | null; at: string | null; problem: string } | null;
  /** The head anchored in the keychain, and why the chain's end could not be checked against it (null: it was). */
  anchor: { seq: number | null; at: string | null; problem: string | null };
}

interface EventRow {
  seq: number;
  at: string;
  entry_id: string;
  kind: string;
  operator: string;
  host: string;
  body: string;
  prev_hash: string;
  hash: string;
}

const NO_ANCHOR_CHECKED = { seq: null, at: null, problem: null };

/** Checks the whole chain (events before `keyedFrom` by plain SHA-256), and each entry against its last event. */
export function verifyChain(
  db: DatabaseSync,
  { identity, key }: { identity: ChainIdentity; key: Uint8Array },
): ChainCheck {
  let prev = GENESIS_HASH;
  let expectedSeq = 1;
  let startedAt: string | null = null;
  let adoptedEntries = 0;
  let events = 0;
  const keyedFrom = Number.isFinite(identity.keyedFrom) ? identity.keyedFrom : null;
  const lastBody = new Map<string, string>();
  const bad = (row: EventRow | null, problem: string): ChainCheck => ({
    ok: false,
    events,
    startedAt,
    adoptedEntries,
    keyedFrom,
    firstBad: { seq: row?.seq ?? null, entryId: row?.entry_id || null, at: row?.at ?? null, problem },
    anchor: NO_ANCHOR_CHECKED,
  });
  for (const row of db.prepare('SELECT * FROM events ORDER BY seq').iterate() as Iterable<EventRow>) {
    events++;
    startedAt ??= row.at;
    if (row.seq !== expectedSeq) return bad(row, `event ${expectedSeq} is missing (the next is ${row.seq})`);
    if (row.prev_hash !== prev) return bad(row, `event ${row.seq} does not follow the event before it`);
    const content = {
      seq: row.seq,
      at: row.at,
      entryId: row.entry_id,
      kind: row.kind,
      operator: row.operator,
      host: row.host,
      body: row.body,
    };
    const keyed = row.seq >= identity.keyedFrom;
    if ((keyed ? eventMac(key, prev, content) : eventHash(prev, content)) !== row.hash)
      return bad(row, `event ${row.seq} was changed after it was written`);
    if (keyed && row.seq === identity.keyedFrom && row.seq > 1 && row.kind !== 'chain_keyed')
      return bad(row, `event ${row.seq} is not where the journal's key began`);
    if (row.kind === 'adopted') adoptedEntries++;
    if (row.entry_id) lastBody.set(row.entry_id, row.body);
    prev = row.hash;
    expectedSeq++;
  }
  if (keyedFrom !== null && keyedFrom > 1 && events < keyedFrom)
    return bad(
      null,
      `the chain ends at event ${events}, before event ${keyedFrom} where its key began: the keyed events were removed`,
    );
  for (const entry of db.prepare(`SELECT ${STATE_COLUMNS} FROM entries ORDER BY seq`).all()) {
    const id = String(entry.id);
    const body = lastBody.get(id);
    if (body === undefined) return bad(null, `entry ${id} of ${String(entry.at)} has no event in the chain`);
    if (body !== JSON.stringify(entry))
      return bad(null, `entry ${id} of ${String(entry.at)} was changed without an event`);
    lastBody.delete(id);
  }
  const gone = [...lastBody.keys()][0];
  if (gone !== undefined) return bad(null, `entry ${gone} is in the chain but was removed from the journal`);
  return { ok: true, events, startedAt, adoptedEntries, keyedFrom, firstBad: null, anchor: NO_ANCHOR_CHECKED };
}

/**
 * What the head anchored in the keychain shows about this journal, as the rest of a sentence about it
 * ("the journal …"), or null when the journal reaches the anchored event with the same MAC (events after it
 * are the ones committed since, each under the key).
 */
export function anchorMismatch(
  anchored: Anchor,
  identity: ChainIdentity,
  keys: ChainKeys,
  headSeq: number,
): string | null {
  const which = `event ${anchored.seq}, written ${anchored.at}`;
  if (anchored.journalId !== identity.journalId)
    return `is not the journal whose chain the system keychain anchors (${which}): it was replaced by another file`;
  if (anchored.keyId !== identity.keyId)
    return `was chained with another key than the one the system keychain's anchor names (${which})`;
  if (anchored.keyedFrom !== identity.keyedFrom)
    return `says its chain is keyed from event ${identity.keyedFrom}, but the system keychain's anchor says from event ${anchored.keyedFrom}: it was rewritten`;
  if (anchored.seq === 0) return null;
  if (headSeq === 0)
    return `has no event left, but the system keychain's anchor records ${which}: its events were deleted`;
  if (headSeq < anchored.seq)
    return `ends at event ${headSeq}, but the system keychain's anchor records ${which}: ${headSeq + 1 === anchored.seq ? `event ${anchored.seq} was` : `events ${headSeq + 1} to ${anchored.seq} were`} removed from its end`;
  if (keys.macAt(anchored.seq) !== anchored.mac)
    return `holds an event ${anchored.seq} that is not the one anchored in the system keychain (written ${anchored.at}): the chain was rewritten from there on`;
  return null;
}

/**
 * A chain check with what the anchor showed. A changed or misplaced event comes first; then what the anchor shows
 * of the events table as a whole (its end cut, emptied, another journal), before the entries it leaves without
 * an event. No anchor, or one that could not be read or written, leaves the end unchecked and says why.
 */
export function withAnchor(
  check: ChainCheck,
  anchor: { anchored: Anchor | null; problem: string | null },
  mismatch: string | null,
): ChainCheck {
  const { anchored } = anchor;
  const fromAnchor =
    mismatch && anchored
      ? { seq: anchored.seq, entryId: null, at: anchored.at, problem: `the journal ${mismatch}` }
      : null;
  const firstBad = check.firstBad?.seq != null ? check.firstBad : (fromAnchor ?? check.firstBad);
  const problem =
    anchor.problem ??
    (anchored
      ? null
      : 'the system keychain holds no anchor for this journal, so whether events were removed from its end cannot be checked');
  return {
    ...check,
    ok: firstBad === null && problem === null,
    firstBad,
    anchor: { seq: anchored?.seq ?? null, at: anchored?.at ?? null, problem },
  };
}
