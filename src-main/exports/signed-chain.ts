// The signed chain of rows that a journal's CSV export carries (journal/export-chain.ts says what each column
// proves): the desk's Ed25519 key signs every row's hash, and each hash holds the row before it. Both the
// desk's journal and the team journal export through it, so `npm run journal:verify -- FILE.csv --key
// FINGERPRINT` checks either file with no app.
import { err, ok, type Result } from '../../src-shared/ipc/result';
import { FIRST_PREV_HASH, rowHash, signedStatement } from '../journal/export-chain';
import type { ExportKey } from '../journal/export-signature';
import { keychainUnavailable } from '../keychain/keychain-error';
import type { Cell } from './cells';
import { type Column, type SourceContext, columnFor } from './export-source';
import { guardFormula } from './formula-guard';

/** What a row carries beside its entry: its place in the chain and the desk key's signature. */
export interface ChainCells {
  /** The MAC of the entry's latest event in the desk journal's own chain; none for the team journal. */
  eventHash: string | null;
  row: number;
  rows: number;
  signingKey: string;
  prevRowHash: string;
  rowHash: string;
  signature: string;
}
export type Chained<E> = E & ChainCells;

/** The columns of a signed export: the entry's, then the chain's (prevRowHash, rowHash, signature last). */
export function signedColumns<E>(entryColumns: Column<Chained<E>>[]) {
  const column = columnFor<Chained<E>>();
  const hashed: Column<Chained<E>>[] = [
    ...entryColumns,
    column('eventHash', (e) => e.eventHash),
    column('row', (e) => e.row),
    column('rows', (e) => e.rows),
    column('signingKey', (e) => e.signingKey),
  ];
  const columns = [
    ...hashed,
    column('prevRowHash', (e) => e.prevRowHash),
    column('rowHash', (e) => e.rowHash),
    column('signature', (e) => e.signature),
  ];
  return { hashed, columns, headers: columns.map((c) => c.header) };
}

/** A cell as the CSV file holds it (csv-file.ts: formula guard, booleans as words, nothing as empty). */
function written(cell: Cell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  return typeof cell === 'number' ? String(cell) : guardFormula(cell);
}

interface Chain {
  prev: string;
  row: number;
  rows: number;
  key: ExportKey;
}
/** Where each export's chain of rows stands between its pages, and the key that signs it. */
const chains = new WeakMap<SourceContext, Chain>();

export const NO_SIGNING_KEY = "Card Desk has no key here to sign the journal's export, so it cannot be exported.";
const UNSIGNABLE =
  "The journal's export is signed with this desk's key from the system keychain, which cannot be used now";

/** The export's chain, begun with the desk's key at its first page: an export that cannot be signed stops there. */
export async function exportChain(ctx: SourceContext): Promise<Result<Chain>> {
  const known = chains.get(ctx);
  if (known) return ok(known);
  if (!ctx.journalSigner) return err('not_found', NO_SIGNING_KEY);
  let key: ExportKey;
  try {
    key = await ctx.journalSigner.key();
  } catch (e) {
    return err('keychain_unavailable', `${UNSIGNABLE}: ${keychainUnavailable(e).message}`);
  }
  const chain = { prev: FIRST_PREV_HASH, row: 0, rows: -1, key };
  chains.set(ctx, chain);
  return ok(chain);
}

/** A page of entries as signed rows, following the page before it. `total`: the whole export's count. */
export function signedPage<E>(
  chain: Chain,
  layout: ReturnType<typeof signedColumns<E>>,
  entries: readonly (E & { eventHash: string | null })[],
  total: number,
): Chained<E>[] {
  // The count of the whole export, as its first page said.
  if (chain.rows < 0) chain.rows = total;
  const { key } = chain;
  return entries.map((entry) => {
    const base = { ...entry, row: ++chain.row, rows: chain.rows, signingKey: key.publicKey };
    const unsigned = { ...base, prevRowHash: '', rowHash: '', signature: '' } as Chained<E>;
    const hash = rowHash(
      chain.prev,
      layout.hashed.map((c) => written(c.cell(unsigned))),
    );
    const row = {
      ...base,
      prevRowHash: chain.prev,
      rowHash: hash,
      signature: key.sign(signedStatement(layout.headers, hash)),
    } as Chained<E>;
    chain.prev = hash;
    return row;
  });
}
