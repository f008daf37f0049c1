// Reading the operator's file: UTF-8 with or without a byte order mark, comma- or semicolon-separated
// (spreadsheets in many locales save with semicolons), quoted fields with commas, quotes and line breaks
// inside, blank lines skipped. csv-parse (the same project as csv-stringify) does the reading. Text that holds
// U+FFFD (what a reader makes of bytes that were not UTF-8) or a NUL character was not read as written: it is
// refused naming the line, never checked and stored as changed (the page decodes files: file-text.ts).
import { parse } from 'csv-parse/sync';
import { MAX_BATCH_ROWS } from '../../src-shared/ipc/channels/bulk-issue';
import { errorMessage } from '../errors/error-message';

export interface CsvTable {
  headers: string[];
  /** One array of cells per data row; `lines[i]` is its number in the file (1 = the first under the header). */
  rows: string[][];
}

export type CsvReading = { ok: true; table: CsvTable } | { ok: false; message: string };

/** `;` when the header line has more semicolons than commas outside quotes, else `,`. */
export function delimiterOf(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}

/** Why `text` was not read as the file holds it: the line of its first U+FFFD or NUL; null when none. */
export function unreadableText(text: string): string | null {
  const replaced = text.indexOf('\uFFFD');
  const nul = text.indexOf('\u0000');
  const at = replaced < 0 ? nul : nul < 0 ? replaced : Math.min(replaced, nul);
  if (at < 0) return null;
  const line = text.slice(0, at).split('\n').length;
  return `Line ${line} of the file holds a character that was not read as written (${text[at] === '\u0000' ? 'NUL' : 'U+FFFD'}): the file is not UTF-8 text. Save it from your spreadsheet as "CSV UTF-8 (comma delimited)" and choose it again.`;
}

export function readCsv(text: string, maxRows = MAX_BATCH_ROWS): CsvReading {
  const unreadable = unreadableText(text);
  if (unreadable) return { ok: false, message: unreadable };
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  let records: string[][];
  try {
    records = parse(body, {
      delimiter: delimiterOf(body),
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      // One more than allowed is enough to say the file is too long.
      to: maxRows + 2,
    });
  } catch (e) {
    return { ok: false, message: `The file could not be read as CSV: ${errorMessage(e)}` };
  }
  const [headers, ...rows] = records;
  if (!headers || headers.every((h) => h === ''))
    return { ok: false, message: 'The file is empty: it has no header row.' };
  // Rows whose cells are all empty (a spreadsheet's trailing ";;;;") are not rows.
  const filled = rows.filter((r) => r.some((c) => c !== ''));
  if (filled.length === 0) return { ok: false, message: 'The file has a header but no rows.' };
  if (filled.length > maxRows) {
    return {
      ok: false,
      message: `The file has more than ${maxRows.toLocaleString('en')} rows. Split it into files of at most ${maxRows.toLocaleString('en')} rows.`,
    };
  }
  return { ok: true, table: { headers, rows: filled } };
}
