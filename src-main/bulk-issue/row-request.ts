// One row of the file as a POST /cards request, checked with the same schema as the wizard and the IPC
// boundary (src-shared/api/requests.ts), after the same forgiving reading of what people type
// (src-shared/api/input-rules.ts): ids in any case, "virtual"/"Virtual", "verve", "ngn", "1,500.00".
import { CARD_BRANDS, CHANNELS, SPENDING_INTERVALS } from '../../src-shared/api/records';
import { makeCreateCardRequestSchema, type CreateCardRequest } from '../../src-shared/api/requests';
import { compactNumber, normalizeId, readAmount } from '../../src-shared/api/input-rules';
import { inOperatorWords } from '../../src-shared/api/field-words';
import { formatMoney } from '../../src-shared/api/money';
import type { BulkColumn } from '../../src-shared/ipc/channels/bulk-issue';

/** The cells of one row by template column (absent or empty cells left out). */
export type RowCells = Partial<Record<BulkColumn, string>>;

/** An account of the business: its id, and the bank code and number a card mapped to it takes. */
export interface AccountPlace {
  id: string;
  bankCode: string;
  accountNumber: string;
}

export type RowRequest = { ok: true; request: CreateCardRequest } | { ok: false; problems: string[] };

/** A placeholder customer, so the card's own rules are checked before the customer is known. */
const ANY_CUSTOMER = '0'.repeat(24);

const brandOf = (s: string): string => CARD_BRANDS.find((b) => b.toLowerCase() === s.toLowerCase()) ?? s;
const intervalOf = (s: string): string => {
  const t = s
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return SPENDING_INTERVALS.find((i) => i === t) ?? s.trim();
};

/** A list in one cell: "pos, web", "pos;web", "gambling | crypto". */
const listOf = (s: string): string[] =>
  s
    .split(/[,;|/]+/)
    .map((x) => x.trim())
    .filter(Boolean);

const YES = new Set(['yes', 'y', 'true', '1', 'on']);
const NO = new Set(['no', 'n', 'false', '0', 'off', '']);

/** Spreadsheets drop leading zeros: a bank code of 1-2 digits and an account number of 9 are given theirs back. */
const bankCodeOf = (s: string) => (/^\d{1,2}$/.test(s.trim()) ? s.trim().padStart(3, '0') : s.trim());
const accountNumberOf = (s: string) => {
  const n = compactNumber(s.trim());
  return /^\d{9}$/.test(n) ? `0${n}` : n;
};

/** The file's yes/no column as a boolean, or a problem naming the column. */
function yesNo(column: string, cell: string | undefined, problems: string[]): boolean | undefined {
  if (cell === undefined) return undefined;
  const t = cell.trim().toLowerCase();
  if (YES.has(t)) return true;
  if (NO.has(t)) return undefined;
  problems.push(`${column}: write yes or no, not "${cell}"`);
  return undefined;
}

/** The channels a card may be used on ("pos, web"; "all"), as the API's four switches. */
function channelsOf(cell: string, problems: string[]): Record<(typeof CHANNELS)[number], boolean> | undefined {
  const words = listOf(cell.toLowerCase());
  if (words.length === 1 && words[0] === 'all') return { atm: true, pos: true, web: true, mobile: true };
  const unknown = words.filter((w) => !(CHANNELS as readonly string[]).includes(w));
  if (unknown.length) {
    problems.push(
      `channels: ${unknown.join(', ')} ${unknown.length === 1 ? 'is not a channel' : 'are not channels'}: write atm, pos, web and mobile, or all`,
    );
    return undefined;
  }
  return Object.fromEntries(CHANNELS.map((c) => [c, words.includes(c)])) as Record<(typeof CHANNELS)[number], boolean>;
}

/** An account as a file names it: its id (24 hex digits, any case), else its account number. */
const ID = /^[0-9a-f]{24}$/;
const accountKeyOf = (cell: string) => (ID.test(normalizeId(cell)) ? normalizeId(cell) : accountNumberOf(cell));

/** True when the row names an account by its number, so the business's accounts must be read to find its id. */
export const namesAccountByNumber = (cells: RowCells): boolean =>
  [cells.debitAccountId, cells.accountId].some((c) => c !== undefined && !ID.test(normalizeId(c)));

/**
 * The debit account's id: the id as written, or the id of the business's account with the number written
 * (operators have the number, the API takes the id).
 */
function debitAccountOf(
  cell: string,
  accountOf: (key: string) => AccountPlace | null,
  problems: string[],
): string | undefined {
  const id = normalizeId(cell);
  if (ID.test(id)) return id;
  if (!/^\d{6,}$/.test(accountNumberOf(cell))) return id;
  const place = accountOf(accountNumberOf(cell));
  if (place) return place.id;
  problems.push(`debitAccountId: no account of this business has the number ${cell.trim()}: check it, or write its id`);
  return undefined;
}

export function cellsOf(values: readonly string[], fieldAt: readonly (BulkColumn | null)[]): RowCells {
  const cells: RowCells = {};
  fieldAt.forEach((field, i) => {
    const value = values[i]?.trim();
    if (field && value) cells[field] = value;
  });
  return cells;
}

/**
 * The row as the API's request (without its customer), before checking. `accountOf` finds an account of the
 * business by its id or its account number. An empty status is the wizard's default: active.
 */
export function draftRequest(
  cells: RowCells,
  accountOf: (key: string) => AccountPlace | null,
): { draft: Record<string, unknown>; problems: string[] } {
  const problems: string[] = [];
  const draft: Record<string, unknown> = {
    type: cells.type?.toLowerCase(),
    brand: cells.brand ? brandOf(cells.brand) : undefined,
    currency: cells.currency?.toUpperCase(),
    status: cells.status?.toLowerCase() ?? 'active',
    debitAccountId: cells.debitAccountId ? debitAccountOf(cells.debitAccountId, accountOf, problems) : undefined,
    fundingSourceId: cells.fundingSourceId ? normalizeId(cells.fundingSourceId) : undefined,
  };
  if (cells.amount) {
    const amount = readAmount(cells.amount);
    if (amount !== undefined && Number.isNaN(amount)) problems.push(`amount: ${cells.amount} is not an amount`);
    else draft.amount = amount;
  }
  if (cells.expirationDate) draft.expirationDate = cells.expirationDate;
  if (cells.accountId) {
    const place = accountOf(accountKeyOf(cells.accountId));
    if (place) Object.assign(draft, { bankCode: place.bankCode, accountNumber: place.accountNumber });
    else problems.push(`accountId: ${cells.accountId} is not an account of this business`);
  }
  if (cells.bankCode) draft.bankCode = bankCodeOf(cells.bankCode);
  if (cells.accountNumber) draft.accountNumber = accountNumberOf(cells.accountNumber);
  if (cells.replacementFor) draft.replacementFor = normalizeId(cells.replacementFor);
  if (cells.reason) draft.reason = cells.reason.trim().toLowerCase();
  if (cells.issuerCountry) draft.issuerCountry = cells.issuerCountry.trim().toUpperCase();
  if (yesNo('enable2FA', cells.enable2FA, problems)) draft.enable2FA = true;
  if (yesNo('sendPINSMS', cells.sendPINSMS, problems)) draft.sendPINSMS = true;
  const controls: Record<string, unknown> = {};
  if (cells.spendingLimit || cells.spendingInterval) {
    const amount = cells.spendingLimit ? readAmount(cells.spendingLimit) : undefined;
    if (amount === undefined) problems.push('spendingLimit is required with spendingInterval');
    else if (Number.isNaN(amount)) problems.push(`spendingLimit ${cells.spendingLimit} is not an amount`);
    if (!cells.spendingInterval) problems.push('spendingInterval is required with spendingLimit');
    controls.spendingLimits = [
      { amount: Number.isNaN(amount) ? undefined : amount, interval: intervalOf(cells.spendingInterval ?? '') },
    ];
  }
  if (cells.channels) {
    const channels = channelsOf(cells.channels, problems);
    if (channels) controls.channels = channels;
  }
  if (cells.allowedCategories) controls.allowedCategories = listOf(cells.allowedCategories);
  if (cells.blockedCategories) controls.blockedCategories = listOf(cells.blockedCategories);
  if (Object.keys(controls).length) draft.spendingControls = controls;
  if (cells.reference) draft.metadata = { reference: cells.reference };
  for (const key of Object.keys(draft)) if (draft[key] === undefined) delete draft[key];
  return { draft, problems };
}

const schema = makeCreateCardRequestSchema();

/** The request with its customer, checked; the problems name the columns, one sentence each. */
export function checkRequest(draft: Record<string, unknown>, customerId: string | null): RowRequest {
  const parsed = schema.safeParse({ ...draft, customerId: customerId ?? ANY_CUSTOMER });
  if (parsed.success) return { ok: true, request: parsed.data };
  // Each problem names the file's column, then says what is wrong in the operator's words.
  const problems = parsed.error.issues.map((i) => {
    const path = i.path.filter((p) => typeof p === 'string').join('.');
    // A limit's own fields are the file's spendingLimit / spendingInterval columns.
    if (path.startsWith('spendingControls'))
      return `${path.endsWith('interval') ? 'spendingInterval' : 'spendingLimit'}: ${inOperatorWords(path, i.message)}`;
    // A file has no column for a physical card's number: such a card is issued from Issue a card.
    if (path === 'number' && i.message === 'number is required for a physical card')
      return 'type: a physical card needs the number printed on it, which a file does not carry: issue it from Issue a card';
    return `${path || 'row'}: ${inOperatorWords(path, i.message)}`;
  });
  return { ok: false, problems: [...new Set(problems)] };
}

/** "virtual Verve NGN, active" (and what it draws on), for the operator to read. */
export function describeCard(request: Partial<CreateCardRequest>): string {
  const parts = [request.type, request.brand, request.currency].filter(Boolean).join(' ');
  const limit = request.spendingControls?.spendingLimits?.[0];
  const limitText =
    typeof limit?.amount === 'number' && typeof limit.interval === 'string'
      ? `, limit ${formatMoney(limit.amount, request.currency)} ${limit.interval.replace(/_/g, ' ')}`
      : '';
  const extra = [
    typeof request.amount === 'number' ? `funded with ${formatMoney(request.amount, request.currency)}` : '',
    request.expirationDate ? `expires ${request.expirationDate}` : '',
    request.bankCode && request.accountNumber ? `on bank account ${request.bankCode} ${request.accountNumber}` : '',
    request.replacementFor ? `replacing …${request.replacementFor.slice(-8)} (${request.reason ?? '?'})` : '',
  ].filter(Boolean);
  return `${parts}${request.status ? `, ${request.status}` : ''}${limitText}${extra.map((e) => `, ${e}`).join('')}`;
}
