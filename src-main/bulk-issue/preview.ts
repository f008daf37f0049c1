// The check of a whole file before anything is sent: every row read with the wizard's rules, its customer
// found in the offline cache, rows repeated in the file and rows the journal says were issued already
// flagged, and the counts the operator confirms.
import { createHash } from 'node:crypto';
import type { Customer } from '../../src-shared/api/records';
import type { BatchCounts, BulkColumn, PreviewRow, RowStatus } from '../../src-shared/ipc/channels/bulk-issue';
import { fingerprintOf } from '../journal/fingerprint';
import type { Journal } from '../journal/journal';
import type { PriorWrites } from '../journal/journal-reads';
import { matchColumns, missingColumns, type ColumnMatch } from './columns';
import { readCsv } from './csv-input';
import { customerNameOf, matchCustomers, type CustomerLookup } from './customer-match';
import { maskCustomerText } from './mask';
import {
  cellsOf,
  checkRequest,
  describeCard,
  draftRequest,
  namesAccountByNumber,
  type AccountPlace,
  type RowCells,
} from './row-request';
import { compareHolderName } from '../../src-shared/api/holder-name';
import type { StoredRow } from './batch-store';
import { dayText } from '../../src-shared/api/day-text';

export interface PreviewDeps {
  lookup: CustomerLookup;
  journal: Journal;
  environmentId: string;
  /** The business's accounts by id and number, asked for only when a row names an accountId or an account number. */
  accounts: () => Promise<Map<string, AccountPlace>>;
  /**
   * The holder's name of a bank account (name enquiry), for rows that map a card to one by bank code and
   * account number; null when the service cannot resolve it; `{ failed }` when it could not be asked.
   */
  holderOf?: (bankCode: string, accountNumber: string) => Promise<string | null | { failed: string }>;
  /** Seals a row's own cells for the results CSV (input-seal.ts); without it they are not kept. */
  sealInput?: (row: number, cells: readonly string[]) => Uint8Array;
}

export interface CheckedFile {
  fileHash: string;
  /** The file's header as it was written. */
  headers: string[];
  columns: ColumnMatch[];
  rows: PreviewRow[];
  stored: StoredRow[];
  counts: BatchCounts;
}

export type FileCheck = { ok: true; checked: CheckedFile } | { ok: false; message: string; field: string };

const TO_FIX: readonly RowStatus[] = ['invalid', 'ambiguous', 'not_found'];

export function countsOf(rows: readonly { status: RowStatus }[]): BatchCounts {
  const n = (s: RowStatus) => rows.filter((r) => r.status === s).length;
  const counts = {
    total: rows.length,
    ready: n('ready'),
    invalid: n('invalid'),
    ambiguous: n('ambiguous'),
    not_found: n('not_found'),
    duplicate_in_file: n('duplicate_in_file'),
    already_issued: n('already_issued'),
  };
  return {
    ...counts,
    toFix: TO_FIX.reduce((sum, s) => sum + counts[s as keyof typeof counts], 0),
    toSkip: counts.duplicate_in_file + counts.already_issued,
  };
}

export const kycOf = (c: Customer): 'approved' | 'not_approved' | 'unknown' =>
  c.isApproved === true ? 'approved' : c.isApproved === false ? 'not_approved' : 'unknown';

/** The same file (whatever its line endings or byte order mark), as a hash: how a second batch of it is seen. */
export const fileHashOf = (csv: string): string =>
  createHash('sha256')
    .update(
      csv
        .replace(/^\uFEFF/, '')
        .replace(/\r\n?/g, '\n')
        .trim(),
    )
    .digest('hex');

/** Why a row is issued already, from the journal's earlier writes of its fingerprint (none: null). */
function alreadyIssued(prior: PriorWrites | undefined): string | null {
  const success = prior?.success;
  if (success) {
    const batch = success.batchId ? ` (row ${success.batchRow} of an earlier batch)` : '';
    return `This card was issued already on ${dayText(success.at)}${batch}: card ${success.resultId}. Choose it again to issue another.`;
  }
  const unknown = prior?.unknown;
  if (unknown) {
    return `An identical request sent on ${dayText(unknown.at)} has an unknown outcome, so the card may exist. Check the Journal first.`;
  }
  return null;
}

/**
 * A card mapped to a bank account by its bank code and number: the holder's name is looked up and compared
 * with the customer's, as the wizard does. A match, or a different holder with the file's reason to map it
 * anyway, goes into the card's metadata (and so the journal); a different holder without a reason, or an
 * account nobody holds, is a problem of the row.
 */
async function checkHolder(
  draft: Record<string, unknown>,
  cells: RowCells,
  customer: Customer,
  deps: PreviewDeps,
): Promise<string[]> {
  const { bankCode, accountNumber } = draft;
  if (typeof bankCode !== 'string' || typeof accountNumber !== 'string') return [];
  if (!deps.holderOf) return ['accountNumber: the account holder cannot be looked up here'];
  const holder = await deps.holderOf(bankCode, accountNumber);
  if (holder === null)
    return ['accountNumber: No account with this number was found at this bank: check the bank and the account number'];
  if (typeof holder !== 'string')
    return [`accountNumber: the account holder could not be looked up (${holder.failed}): preview the file again`];
  // The file's customers are read as the lists show them; the holder is compared with the whole record's
  // first and last names.
  const whole = (await deps.lookup.get(customer._id)) ?? customer;
  const matches = compareHolderName(holder, whole) === 'match';
  const because = cells.mapAnywayBecause?.trim();
  if (!matches && !because)
    return [
      `accountNumber: the account is held by ${holder}, not ${customerNameOf(customer)}: correct it, or write why it is mapped anyway in mapAnywayBecause`,
    ];
  draft.metadata = {
    ...(draft.metadata as Record<string, string> | undefined),
    accountHolderName: holder,
    holderNameCheck: matches ? 'matches the customer' : 'does not match the customer',
    ...(matches ? {} : { mappedAnywayBecause: because! }),
  };
  return [];
}

export async function checkFile(
  csv: string,
  overrides: Readonly<Record<string, BulkColumn | null>>,
  deps: PreviewDeps,
): Promise<FileCheck> {
  const reading = readCsv(csv);
  if (!reading.ok) return { ok: false, message: reading.message, field: 'csv' };
  const { headers, rows: lines } = reading.table;
  const columns = matchColumns(headers, overrides);
  const missing = missingColumns(columns);
  if (missing.includes('customer')) {
    return {
      ok: false,
      field: 'csv',
      message: `No column of the file names the customer (found: ${headers.join(', ')}). Name one "customer", or download the template.`,
    };
  }
  const fieldAt = columns.map((c) => c.field);
  const needsAccounts =
    fieldAt.includes('accountId') || lines.some((values) => namesAccountByNumber(cellsOf(values, fieldAt)));
  const accounts = needsAccounts ? await deps.accounts() : new Map<string, AccountPlace>();
  const seen = new Map<string, number>();
  const rows: PreviewRow[] = [];
  const stored: StoredRow[] = [];
  const cellsAt = lines.map((values) => cellsOf(values, fieldAt));
  // Every row's customer at once: a few set queries of the cache, not a search per row.
  const matches = await matchCustomers(
    deps.lookup,
    cellsAt.map((cells) => cells.customer ?? ''),
  );

  const drafted = [];
  for (const [index, values] of lines.entries()) {
    const row = index + 1;
    const cells = cellsAt[index]!;
    const customerText = cells.customer ?? '';
    const label = maskCustomerText(customerText);
    const { draft, problems } = draftRequest(cells, (id) => accounts.get(id) ?? null);
    const match = matches[index]!;
    const customer = match.kind === 'one' ? match.customer : null;
    if (customer && !cells.accountId) problems.push(...(await checkHolder(draft, cells, customer, deps)));
    const checked = checkRequest(draft, customer?._id ?? null);
    // A column the row's own reading already faulted is said once.
    const columnOf = (p: string) => p.split(/[ :]/)[0];
    const schemaProblems = checked.ok
      ? []
      : checked.problems.filter((p) => !problems.some((q) => columnOf(q) === columnOf(p)));
    const allProblems = [...problems, ...schemaProblems];
    const request = checked.ok && problems.length === 0 ? checked.request : null;
    const fingerprint = request && customer ? fingerprintOf('cards.create', request) : null;
    drafted.push({
      row,
      values,
      cells,
      customerText,
      label,
      draft,
      match,
      customer,
      allProblems,
      request,
      fingerprint,
    });
  }
  // The journal asked once for the whole file: what it holds of each row's write.
  const prior = deps.journal.priorWrites(
    deps.environmentId,
    drafted.flatMap((d) => (d.fingerprint ? [d.fingerprint] : [])),
  );

  for (const d of drafted) {
    const { row, values, cells, customerText, label, draft, match, customer, allProblems, request, fingerprint } = d;
    let status: RowStatus;
    let message: string | undefined;
    if (allProblems.length > 0) {
      status = 'invalid';
      message = [...allProblems, ...(match.kind === 'one' ? [] : [match.message])].join('; ');
    } else if (match.kind === 'none') {
      status = 'not_found';
      message = match.message;
    } else if (match.kind === 'several') {
      status = 'ambiguous';
      message = match.message;
    } else if (fingerprint && seen.has(fingerprint)) {
      status = 'duplicate_in_file';
      message = `The same card for the same customer as row ${seen.get(fingerprint)}: only that row is sent.`;
    } else {
      const issued = fingerprint ? alreadyIssued(prior.get(fingerprint)) : null;
      status = issued ? 'already_issued' : 'ready';
      message = issued ?? undefined;
    }
    if (fingerprint && !seen.has(fingerprint)) seen.set(fingerprint, row);

    const cardText = describeCard(request ?? draft);
    const candidates = match.kind === 'several' ? match.candidates : [];
    rows.push({
      row,
      status,
      ...(customer ? { customerId: customer._id, customerName: customerNameOf(customer), kyc: kycOf(customer) } : {}),
      ...(message ? { message } : {}),
      ...(candidates.length
        ? { candidates: candidates.map((c) => ({ customerId: c._id, name: customerNameOf(c) })) }
        : {}),
      card: cardText,
      ...(cells.reference ? { reference: cells.reference } : {}),
    });
    stored.push({
      row,
      status,
      customerLabel: label,
      customerId: customer?._id ?? null,
      candidates: candidates.map((c) => c._id),
      cardText,
      reference: cells.reference ?? null,
      request: request,
      fingerprint,
      // Kept on disk without the customer's email, phone or BVN/NIN as written.
      message: message && customerText ? message.split(customerText).join(label) : (message ?? null),
      toSend: false,
      issueAgain: false,
      outcome: null,
      cardId: null,
      maskedPan: null,
      error: null,
      journalEntryId: null,
      inputSealed: deps.sealInput?.(row, values) ?? null,
    });
  }
  return {
    ok: true,
    checked: { fileHash: fileHashOf(csv), headers, columns, rows, stored, counts: countsOf(rows) },
  };
}
