// Opening the journal at start-up, and what happens when it is damaged or gone. The journal is what keeps
// a write from being sent twice, so a journal that cannot be trusted is never quietly replaced: a corrupt
// file, or a missing or emptied one where the marker says a journal existed, is moved aside (never
// deleted), writes are refused, and the operator is told what happened, where the old file is and what
// to do. Only the operator starts a new journal (Settings). Reads of everything else keep working.
import { existsSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type { Logger } from '../ports/ports';
import { JOURNAL_FILE, openJournal, type Journal, type OpenJournalOptions } from './journal';
import { refusingJournal } from './refusing-journal';
import { errorMessage } from '../errors/error-message';

/** Written once a journal exists: its absence next to a missing journal means there never was one. */
export const JOURNAL_MARKER = 'journal.marker';

export interface JournalState {
  /** 'ok': in use. 'refused': damaged or missing; writes are refused until a new journal is started. */
  state: 'ok' | 'refused';
  /** What happened, in the operator's words (null when ok). */
  problem: string | null;
  /** Where the old file was moved (its name in the data folder), when it was. */
  asideFile: string | null;
}

export interface OpenedJournal {
  journal: Journal;
  status: JournalState;
}

export interface JournalFileOptions extends Omit<OpenJournalOptions, 'file'> {
  dataDir: string;
  logger?: Logger;
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

/** True when SQLite can read the file and finds nothing wrong in it. */
function healthy(file: string): { ok: true } | { ok: false; reason: string } {
  let db: DatabaseSync | null = null;
  try {
    db = new DatabaseSync(file, { readOnly: true });
    const rows = db.prepare('PRAGMA integrity_check').all() as { integrity_check: string }[];
    const verdict = rows.map((r) => r.integrity_check).join('; ');
    return verdict === 'ok' ? { ok: true } : { ok: false, reason: verdict };
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

/** Opens `<dataDir>/journal.sqlite`, or a refusing stand-in with the reason when it cannot be trusted. */
export function openJournalFile(options: JournalFileOptions): OpenedJournal {
  const { dataDir, logger, ...journalOptions } = options;
  const now = options.now ?? (() => new Date());
  const file = join(dataDir, JOURNAL_FILE);
  const marker = join(dataDir, JOURNAL_MARKER);
  const existed = existsSync(marker);
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

  if (size === null && existed) return refuse('is missing', 'journal file missing while the marker exists');
  if (size === 0 && existed) return refuse('was emptied', 'journal file is empty while the marker exists');
  if (size !== null && size > 0) {
    const check = healthy(file);
    if (!check.ok) return refuse('is damaged', check.reason);
  }
  let journal: Journal;
  try {
    journal = openJournal({ ...journalOptions, file });
  } catch (error) {
    const reason = errorMessage(error);
    // A journal from a newer Card Desk is fine where it is: it stays, and this one sends nothing.
    if (/newer than this Card Desk/.test(reason)) return refuse('was written by a newer Card Desk', reason, false);
    return refuse('could not be opened', reason);
  }
  if (!existed) writeFileSync(marker, `${JSON.stringify({ createdAt: now().toISOString() })}\n`, { mode: 0o600 });
  return { journal, status: { state: 'ok', problem: null, asideFile: null } };
}

/** The operator's choice after a refusal: a new, empty journal (any file in the way is moved aside first). */
export function startNewJournal(options: JournalFileOptions): OpenedJournal {
  const now = options.now ?? (() => new Date());
  const file = join(options.dataDir, JOURNAL_FILE);
  moveAside(file, now());
  const { dataDir: _dataDir, logger: _logger, ...journalOptions } = options;
  const journal = openJournal({ ...journalOptions, file });
  writeFileSync(join(options.dataDir, JOURNAL_MARKER), `${JSON.stringify({ createdAt: now().toISOString() })}\n`, {
    mode: 0o600,
  });
  options.logger?.info({}, 'a new journal was started');
  return { journal, status: { state: 'ok', problem: null, asideFile: null } };
}
