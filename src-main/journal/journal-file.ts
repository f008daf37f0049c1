// Opening the journal at start-up, and what happens when it is damaged, gone or replaced. The journal is what
// keeps a write from being sent twice, so a journal that cannot be trusted is never quietly replaced: a corrupt
// file, a missing or emptied one where the marker or the head anchored in the keychain (chain-anchor.ts) says a
// journal existed, one that does not reach that head or is another journal, or one chained with a key the
// keychain no longer holds, is moved aside (never deleted), writes are refused, and the operator is told what
// happened, where the old file is and what to do. A journal whose head the keychain held (the marker says since
// when) found without that anchor is refused the same way: its head is never adopted again. Only the operator starts a new journal (Settings). While the
// keychain cannot be used at all, the file stays where it is and writes wait for it. Reads of everything else
// keep working.
import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { SecretStore } from '../keychain/secret-store';
import type { Logger } from '../ports/ports';
import { type Anchor, ChainAnchor, parseAnchor } from './chain-anchor';
import { JOURNAL_FILE, openJournal, type Journal, type OpenJournalOptions } from './journal';
import { AnchorMismatchError, ChainKeyMismatchError } from './journal-chain';
import { type JournalAccounts, createChainKey, journalAccounts, readChainKey } from './journal-keys';
import { refusingJournal } from './refusing-journal';
import { errorMessage } from '../errors/error-message';

/** Written once a journal exists: its absence next to a missing journal means there never was one. */
export const JOURNAL_MARKER = 'journal.marker';

export interface JournalState {
  /**
   * 'ok': in use. 'refused': damaged, missing or not the journal the keychain anchors; writes are refused until
   * a new journal is started. 'waiting': the system keychain, which holds the journal's key, cannot be used;
   * writes are refused until it can (tried again at the next request).
   */
  state: 'ok' | 'refused' | 'waiting';
  /** What happened, in the operator's words (null when ok). */
  problem: string | null;
  /** Where the old file was moved (its name in the data folder), when it was. */
  asideFile: string | null;
}

export interface OpenedJournal {
  journal: Journal;
  status: JournalState;
}

export interface JournalFileOptions extends Omit<OpenJournalOptions, 'file' | 'key' | 'anchor' | 'anchored'> {
  dataDir: string;
  /** The OS keychain: the chain key and the anchored head (journal-keys.ts). */
  secrets: SecretStore;
  logger?: Logger;
  /** Told when the chain's head stops being written to the keychain (a sentence), and when it is again (null). */
  onAnchorProblem?: (problem: string | null) => void;
}

const stamp = (now: Date) => now.toISOString().replace(/[:.]/g, '-');

/** Moves the journal and its WAL files aside; returns the new name of the main file (null if there was none). */
function moveAside(file: string, now: Date): string | null {
  const aside = `${file}.corrupt-${stamp(now)}`;
  let moved: string | null = null;
  for (const suffix of ['', '-wal', '-shm']) {
    if (!existsSync(file + suffix)) continue;
    renameSync(file + suffix, aside + suffix);
    if (suffix === '') moved = aside;
  }
  return moved;
}

/** Whether SQLite can read the file and finds nothing wrong in it, and whether its chain has a key. */
function inspect(file: string): { ok: true; keyed: boolean } | { ok: false; reason: string } {
  let db: DatabaseSync | null = null;
  try {
    db = new DatabaseSync(file, { readOnly: true });
    const rows = db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
    const verdict = rows.map((r) => r.integrity_check).join('; ');
    if (verdict !== 'ok') return { ok: false, reason: verdict };
    const hasTable = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'chain_key'`).get();
    return { ok: true, keyed: hasTable !== undefined && db.prepare('SELECT 1 FROM chain_key').get() !== undefined };
  } catch (error) {
    return { ok: false, reason: errorMessage(error) };
  } finally {
    db?.close();
  }
}

const ADVICE =
  'Card Desk sends no card or account requests until you start a new journal in Settings; everything else works. ' +
  'Before you do, check in the Journal of your records (or with support) whether any request from before is still unresolved.';

export function refusalMessage(status: JournalState): string {
  return `Card Desk's journal of card and account requests ${status.problem ?? 'cannot be used'}, so it did not send this request. Nothing was sent. Start a new journal in Settings to send requests again.`;
}

/** The journal while the keychain that holds its key cannot be used: writes refused, the file left where it is. */
function waitingForKeychain(error: unknown, logger?: Logger): OpenedJournal {
  logger?.warn(
    { error: errorMessage(error) },
    'journal key not readable from the keychain; writes refused until it is',
  );
  const problem = `keeps its key in the system keychain, which cannot be used now (${errorMessage(error)})`;
  const refusal = `Card Desk's journal of card and account requests ${problem}, so it did not send this request. Nothing was sent. Unlock or start your keyring and try again.`;
  return {
    journal: refusingJournal(refusal),
    status: {
      state: 'waiting',
      problem: `Card Desk's journal ${problem}. Card Desk sends no card or account requests until it can; everything else works, and it tries again at your next request.`,
      asideFile: null,
    },
  };
}

const chainAnchor = (options: JournalFileOptions, accounts: JournalAccounts, file: string) =>
  new ChainAnchor({
    store: options.secrets,
    account: accounts.anchor,
    files: [`${file}-wal`, file],
    ...(options.now ? { now: options.now } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.onAnchorProblem ? { onProblem: options.onAnchorProblem } : {}),
  });

const journalOptions = (options: JournalFileOptions): Omit<OpenJournalOptions, 'file' | 'key'> => {
  const { dataDir: _d, secrets: _s, logger: _l, onAnchorProblem: _o, ...rest } = options;
  return rest;
};

/** The marker: when the journal was made, and since when its head has been anchored in the keychain. */
interface Marker {
  createdAt: string;
  anchoredAt?: string;
}

function readMarker(dataDir: string): Marker | null {
  try {
    const parsed = JSON.parse(readFileSync(join(dataDir, JOURNAL_MARKER), 'utf8')) as Partial<Marker>;
    return typeof parsed.createdAt === 'string' ? (parsed as Marker) : null;
  } catch {
    return null;
  }
}

const writeMarker = (dataDir: string, marker: Marker) =>
  writeFileSync(join(dataDir, JOURNAL_MARKER), `${JSON.stringify(marker)}\n`, { mode: 0o600 });

/** Once the keychain holds the journal's head, the marker says so: its absence later is a finding. */
async function markAnchored(options: JournalFileOptions, accounts: JournalAccounts, now: Date): Promise<void> {
  const marker = readMarker(options.dataDir) ?? { createdAt: now.toISOString() };
  if (marker.anchoredAt) return writeMarker(options.dataDir, marker);
  const held = await options.secrets.get(accounts.anchor).catch(() => null);
  writeMarker(options.dataDir, held ? { ...marker, anchoredAt: now.toISOString() } : marker);
}

const dayOf = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(iso),
  );

/**
 * Opens `<dataDir>/journal.sqlite` with its key and anchor from the keychain, or a refusing stand-in with the
 * reason when it cannot be trusted (moved aside) or the keychain cannot be used (left where it is).
 */
export async function openJournalFile(options: JournalFileOptions): Promise<OpenedJournal> {
  const { dataDir, logger, secrets } = options;
  const now = options.now ?? (() => new Date());
  const file = join(dataDir, JOURNAL_FILE);
  const accounts = journalAccounts(dataDir);
  let key: Uint8Array | null;
  let storedAnchor: string | null;
  try {
    key = await readChainKey(secrets, accounts);
    storedAnchor = await secrets.get(accounts.anchor);
  } catch (error) {
    return waitingForKeychain(error, logger);
  }
  let anchored: Anchor | null = null;
  try {
    anchored = parseAnchor(storedAnchor);
  } catch (error) {
    logger?.warn(
      { error: errorMessage(error) },
      'the keychain entry of the journal anchor is not an anchor; it is written again',
    );
  }
  const existed = existsSync(join(dataDir, JOURNAL_MARKER)) || anchored !== null;
  const size = existsSync(file) ? statSync(file).size : null;

  const refuse = (problem: string, reason: string, move = true): OpenedJournal => {
    let aside: string | null = null;
    try {
      if (move) aside = moveAside(file, now());
    } catch (error) {
      logger?.error({ err: errorMessage(error) }, 'moving the journal aside failed');
    }
    logger?.error({ reason, aside }, 'journal cannot be trusted; writes refused');
    const where = aside ? ` It was moved to ${basename(aside)} in the data folder (${dataDir}).` : '';
    const status: JournalState = { state: 'refused', problem, asideFile: aside ? basename(aside) : null };
    return {
      journal: refusingJournal(refusalMessage(status)),
      status: { ...status, problem: `${problem}.${where} ${ADVICE}` },
    };
  };

  const anchorSays = anchored
    ? ` (the system keychain holds the head of its chain: event ${anchored.seq}, written ${anchored.at})`
    : '';
  if (size === null && existed)
    return refuse(`is missing${anchorSays}`, 'journal file missing while the marker or anchor exists');
  if (size === 0 && existed)
    return refuse(`was emptied${anchorSays}`, 'journal file is empty while the marker or anchor exists');
  // A journal whose head was anchored, found without its anchor: the head is not adopted again, since a cut
  // tail with the anchor deleted would then pass every check.
  const marker = readMarker(dataDir);
  if (size !== null && size > 0 && anchored === null && marker?.anchoredAt)
    return refuse(
      `has lost its anchor: the head of its chain, kept in the system keychain since ${dayOf(marker.anchoredAt)}, is no longer there, so whether events were removed from its end cannot be checked`,
      'journal anchor missing from the keychain',
    );
  if (size !== null && size > 0) {
    const check = inspect(file);
    if (!check.ok) return refuse('is damaged', check.reason);
    if (check.keyed && !key)
      return refuse(
        'was chained with a journal key that is no longer in the system keychain, so it cannot be checked or continued',
        'journal chain key missing from the keychain',
      );
  }
  if (!key) {
    try {
      key = await createChainKey(secrets, accounts);
    } catch (error) {
      return waitingForKeychain(error, logger);
    }
  }
  let journal: Journal;
  try {
    journal = openJournal({
      ...journalOptions(options),
      file,
      key,
      anchored,
      anchor: chainAnchor(options, accounts, file),
    });
  } catch (error) {
    const reason = errorMessage(error);
    if (error instanceof AnchorMismatchError || error instanceof ChainKeyMismatchError) return refuse(reason, reason);
    // A journal from a newer Card Desk is fine where it is: it stays, and this one sends nothing.
    if (/newer than this Card Desk/.test(reason)) return refuse('was written by a newer Card Desk', reason, false);
    return refuse('could not be opened', reason);
  }
  // The head as opened (a new journal, one re-anchored at an upgrade) is in the keychain before any write.
  await journal.anchored();
  await markAnchored(options, accounts, now());
  return { journal, status: { state: 'ok', problem: null, asideFile: null } };
}

/**
 * The operator's choice after a refusal: a new, empty journal (any file in the way is moved aside first), under
 * the chain key in the keychain (a new one if there is none), its head anchored before it is used. Throws when
 * the keychain cannot be used.
 */
export async function startNewJournal(options: JournalFileOptions): Promise<OpenedJournal> {
  const now = options.now ?? (() => new Date());
  const file = join(options.dataDir, JOURNAL_FILE);
  const accounts = journalAccounts(options.dataDir);
  const key = (await readChainKey(options.secrets, accounts)) ?? (await createChainKey(options.secrets, accounts));
  moveAside(file, now());
  const journal = openJournal({
    ...journalOptions(options),
    file,
    key,
    anchored: null,
    anchor: chainAnchor(options, accounts, file),
  });
  await journal.anchored();
  writeMarker(options.dataDir, { createdAt: now().toISOString() });
  await markAnchored(options, accounts, now());
  options.logger?.info({}, 'a new journal was started');
  return { journal, status: { state: 'ok', problem: null, asideFile: null } };
}
