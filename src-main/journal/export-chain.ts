// The journal's CSV export carries a chain of its own rows, signed with the desk's Ed25519 key
// (export-signature.ts): each row says its place (`row` of `rows`), the MAC of the entry's latest event in the
// journal's chain (`eventHash`, journal-chain.ts), the desk's public key (`signingKey`), the hash of the row
// before it (`prevRowHash`), its own (`rowHash`: SHA-256 of the previous hash and every cell before it, as
// written) and `signature`: the desk key's Ed25519 signature of the header and the row's hash. A cell changed,
// a row removed (the last one too: the count says how many there were) or rows put in another order no longer
// match; a file whose rows were hashed again no longer matches its signatures; and one signed again with
// another key names that key instead of the desk's. `npm run journal:verify -- FILE.csv --key FINGERPRINT`
// (verify-cli.ts) names the first row that does not match, or the key, with no app needed.
import { createHash } from 'node:crypto';
import { keyFingerprint, verifySignature } from './export-signature';

export const CHAIN_HEADERS = ['eventHash', 'row', 'rows', 'signingKey', 'prevRowHash', 'rowHash', 'signature'] as const;
export const FIRST_PREV_HASH = '0'.repeat(64);

/** The hash of a row: the previous row's hash and the row's cells up to prevRowHash, as the CSV holds them. */
export function rowHash(prev: string, cells: readonly string[]): string {
  return createHash('sha256')
    .update(`${prev}\n${JSON.stringify(cells)}`)
    .digest('hex');
}

/** What the desk's key signs for a row: the file's header and the row's hash (which holds every row before it). */
export function signedStatement(header: readonly string[], hash: string): string {
  return JSON.stringify(['card-desk journal export', 1, header, hash]);
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
  /** The fingerprint of the key the file names (its first row's), when it names one. */
  signedBy: string | null;
  /** The first row that does not match (1 = the first row after the header), and why; null when all do. */
  bad: { row: number; problem: string } | null;
}

/**
 * Checks an exported journal CSV: signed by the key whose fingerprint is `expectedKey` (64 hex digits), every
 * row's signature, and the chain of rows.
 */
export function verifyExport(text: string, expectedKey: string): ExportCheck {
  const [header, ...rows] = parseCsv(text);
  let signedBy: string | null = null;
  const fail = (row: number, problem: string): ExportCheck => ({
    ok: false,
    rows: rows.length,
    signedBy,
    bad: { row, problem },
  });
  if (!header) return fail(0, 'the file is empty: it has no header row');
  const at = (name: string) => header.indexOf(name);
  const [rowAt, rowsAt, keyAt, prevAt, hashAt, signatureAt] = [
    'row',
    'rows',
    'signingKey',
    'prevRowHash',
    'rowHash',
    'signature',
  ].map(at) as [number, number, number, number, number, number];
  if (at('signingKey') < 0 && at('signature') < 0 && at('rowHash') >= 0)
    return fail(
      0,
      'the file carries no signature: it was exported by a Card Desk that did not sign its exports, or its signatures were removed',
    );
  if (
    CHAIN_HEADERS.some((h) => at(h) < 0) ||
    prevAt !== header.length - 3 ||
    hashAt !== header.length - 2 ||
    signatureAt !== header.length - 1
  )
    return fail(
      0,
      `the header row lacks the chain's columns (${CHAIN_HEADERS.join(', ')}; prevRowHash, rowHash and signature at its end)`,
    );
  let prev = FIRST_PREV_HASH;
  let declared: string | null = null;
  let signingKey: string | null = null;
  for (const [i, cells] of rows.entries()) {
    const n = i + 1;
    const id = cells[at('id')] ?? cells[at('entryId')] ?? '';
    const named = id ? `row ${n} (entry ${id})` : `row ${n}`;
    if (cells.length !== header.length)
      return fail(n, `${named} has ${cells.length} cells, the header ${header.length}`);
    if (signingKey === null) {
      signingKey = cells[keyAt]!;
      signedBy = /^[0-9a-f]{64}$/.test(signingKey) ? keyFingerprint(signingKey) : null;
      if (signedBy !== expectedKey)
        return fail(
          n,
          `the file is signed by the key ${signedBy ?? `"${signingKey}"`}, not by the desk's key ${expectedKey}: it was signed again by someone else, or exported by another desk`,
        );
    }
    if (cells[keyAt] !== signingKey) return fail(n, `${named} names another signing key than the rows before it`);
    if (cells[rowAt] !== String(n))
      return fail(n, `${named} says it is row ${cells[rowAt]}: a row before it was removed or the rows were reordered`);
    declared ??= cells[rowsAt]!;
    if (cells[rowsAt] !== declared)
      return fail(n, `${named} counts ${cells[rowsAt]} rows where the first row counts ${declared}`);
    if (cells[prevAt] !== prev) return fail(n, `${named} does not follow the row before it`);
    if (rowHash(prev, cells.slice(0, prevAt)) !== cells[hashAt])
      return fail(n, `${named} was changed after it was exported`);
    if (!verifySignature(signingKey, signedStatement(header, cells[hashAt]), cells[signatureAt]!))
      return fail(
        n,
        `${named} does not carry the desk key's signature of its contents: it was changed and its hashes computed again`,
      );
    prev = cells[hashAt]!;
  }
  if (rows.length === 0)
    return fail(
      0,
      'the file holds no rows, so nothing in it shows that it came from the desk (every row may have been removed)',
    );
  if (declared !== null && declared !== String(rows.length))
    return fail(
      rows.length + 1,
      `the export had ${declared} rows and ${rows.length} are left: rows at its end were removed`,
    );
  return { ok: true, rows: rows.length, signedBy, bad: null };
}
