// The log's line for each record read tolerantly (src-shared/api/tolerant-read.ts): its id or position,
// the fields and what was wrong, never a value. A record is logged once per logger, however often its
// page is asked for again (a list paged back and forth, a sync resumed, an export of the same list).
import type { RecordNote } from '../../src-shared/api/tolerant-read';
import type { Logger } from '../ports/ports';

/** Records remembered as logged, per logger; past this the oldest are forgotten (and may be logged again). */
const REMEMBERED = 10_000;
const logged = new WeakMap<Logger, Set<string>>();

function firstTime(logger: Logger, key: string): boolean {
  let seen = logged.get(logger);
  if (!seen) logged.set(logger, (seen = new Set()));
  if (seen.has(key)) return false;
  if (seen.size >= REMEMBERED) {
    const oldest = seen.values().next();
    if (!oldest.done) seen.delete(oldest.value);
  }
  seen.add(key);
  return true;
}

/** Logs each note once: `where` names the answer (method and path, or the sync's page). */
export function logRecordNotes(
  logger: Logger | undefined,
  where: Record<string, string | number>,
  notes: readonly RecordNote[],
): void {
  if (!logger) return;
  for (const note of notes) {
    const fields = note.fields.map((f) => `${f.field}: ${f.problem}`);
    const who = note.id ?? `${Object.values(where).join(' ')} #${note.position}`;
    if (!firstTime(logger, `${who}|${fields.join('|')}`)) continue;
    logger.warn(
      {
        ...where,
        ...(note.id ? { id: note.id } : {}),
        position: note.position,
        fields,
        skipped: note.skipped,
      },
      note.skipped ? 'record skipped: Card Desk could not read it' : 'record has fields Card Desk could not read',
    );
  }
}
