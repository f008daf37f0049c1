// The journal's CSV export carries a chain of its own rows: each row says its place (`row` of `rows`),
// the hash of the entry's latest event in the journal's chain (`eventHash`, journal-chain.ts), the hash of
// the row before it (`prevRowHash`) and its own (`rowHash`: SHA-256 of the previous hash and every cell
// before it, as written). A cell changed, a row removed (the last one too: the count says how many there
// were) or rows put in another order no longer match, and `npm run journal:verify -- FILE.csv` (verify-cli.ts)
// names the first row that does not, with no app needed.
import { createHash } from 'node:crypto';

export const CHAIN_HEADERS = ['eventHash', 'row', 'rows', 'prevRowHash', 'rowHash'] as const;
export const FIRST_PREV_HASH = '0'.repeat(64);

/** The hash of a row: the previous row's hash and the row's cells up to prevRowHash, as the CSV holds them. */
export function rowHash(prev: string, cells: readonly string[]): string {
  return createHash('sha256')
    .update(`${prev}\n${JSON.stringify(cells)}`)
    .digest('hex');
}

/** RFC 4180 CSV as the export writes it (a byte order mark, quoted fields, CRLF or LF). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

export interface ExportCheck {
  ok: boolean;
  /** Data rows read. */
  rows: number;
  /** The first row that does not match (1 = the first row after the header), and why; null when all do. */
  bad: { row: number; problem: string } | null;
}

/** Checks an exported journal CSV's row chain. */
export function verifyExport(text: string): ExportCheck {
  const [header, ...rows] = parseCsv(text);
  const fail = (row: number, problem: string): ExportCheck => ({ ok: false, rows: rows.length, bad: { row, problem } });
  if (!header) return fail(0, 'the file is empty: it has no header row');
  const at = (name: string) => header.indexOf(name);
  const [rowAt, rowsAt, prevAt, hashAt] = [at('row'), at('rows'), at('prevRowHash'), at('rowHash')];
  if (CHAIN_HEADERS.some((h) => at(h) < 0) || prevAt !== header.length - 2 || hashAt !== header.length - 1)
    return fail(0, `the header row lacks the chain's columns (${CHAIN_HEADERS.join(', ')}, in that order at its end)`);
  let prev = FIRST_PREV_HASH;
  let declared: string | null = null;
  for (const [i, cells] of rows.entries()) {
    const n = i + 1;
    const id = cells[at('id')] ?? '';
    const named = id ? `row ${n} (entry ${id})` : `row ${n}`;
    if (cells.length !== header.length)
      return fail(n, `${named} has ${cells.length} cells, the header ${header.length}`);
    if (cells[rowAt] !== String(n))
      return fail(n, `${named} says it is row ${cells[rowAt]}: a row before it was removed or the rows were reordered`);
    declared ??= cells[rowsAt]!;
    if (cells[rowsAt] !== declared)
      return fail(n, `${named} counts ${cells[rowsAt]} rows where the first row counts ${declared}`);
    if (cells[prevAt] !== prev) return fail(n, `${named} does not follow the row before it`);
    if (rowHash(prev, cells.slice(0, prevAt)) !== cells[hashAt])
      return fail(n, `${named} was changed after it was exported`);
    prev = cells[hashAt]!;
  }
  if (declared !== null && declared !== String(rows.length))
    return fail(
      rows.length + 1,
      `the export had ${declared} rows and ${rows.length} are left: rows at its end were removed`,
    );
  return { ok: true, rows: rows.length, bad: null };
}
