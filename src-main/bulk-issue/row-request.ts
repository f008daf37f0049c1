// One row of the file as a POST /cards request, checked with the same schema as the wizard and the IPC
// boundary (src-shared/api/requests.ts), after the same forgiving reading of what people type
// (src-shared/api/input-rules.ts): ids in any case, "virtual"/"Virtual", "verve", "ngn", "1,500.00".
import { CARD_BRANDS, SPENDING_INTERVALS } from '../../src-shared/api/records';
import { makeCreateCardRequestSchema, type CreateCardRequest } from '../../src-shared/api/requests';
import { normalizeId, readAmount } from '../../src-shared/api/input-rules';
import type { BulkColumn } from '../../src-shared/ipc/channels/bulk-issue';

/** The cells of one row by template column (absent or empty cells left out). */
export type RowCells = Partial<Record<BulkColumn, string>>;

/** Where a card is mapped to an existing account of the business: its bank code and number. */
export interface AccountPlace {
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

export function cellsOf(values: readonly string[], fieldAt: readonly (BulkColumn | null)[]): RowCells {
  const cells: RowCells = {};
  fieldAt.forEach((field, i) => {
    const value = values[i]?.trim();
    if (field && value) cells[field] = value;
  });
  return cells;
}

/** The row as the API's request (without its customer), before checking. */
export function draftRequest(
  cells: RowCells,
  accountOf: (id: string) => AccountPlace | null,
): { draft: Record<string, unknown>; problems: string[] } {
  const problems: string[] = [];
  const draft: Record<string, unknown> = {
    type: cells.type?.toLowerCase(),
    brand: cells.brand ? brandOf(cells.brand) : undefined,
    currency: cells.currency?.toUpperCase(),
    status: cells.status?.toLowerCase(),
    debitAccountId: cells.debitAccountId ? normalizeId(cells.debitAccountId) : undefined,
    fundingSourceId: cells.fundingSourceId ? normalizeId(cells.fundingSourceId) : undefined,
  };
  if (cells.accountId) {
    const place = accountOf(normalizeId(cells.accountId));
    if (place) Object.assign(draft, place);
    else problems.push(`accountId ${cells.accountId} is not an account of this business`);
  }
  if (cells.spendingLimit || cells.spendingInterval) {
    const amount = cells.spendingLimit ? readAmount(cells.spendingLimit) : undefined;
    if (amount === undefined) problems.push('spendingLimit is required with spendingInterval');
    else if (Number.isNaN(amount)) problems.push(`spendingLimit ${cells.spendingLimit} is not an amount`);
    if (!cells.spendingInterval) problems.push('spendingInterval is required with spendingLimit');
    draft.spendingControls = {
      spendingLimits: [
        { amount: Number.isNaN(amount) ? undefined : amount, interval: intervalOf(cells.spendingInterval ?? '') },
      ],
    };
  }
  if (cells.reference) draft.metadata = { reference: cells.reference };
  for (const key of Object.keys(draft)) if (draft[key] === undefined) delete draft[key];
  return { draft, problems };
}

const schema = makeCreateCardRequestSchema();

/** The request with its customer, checked; the problems name the columns, one sentence each. */
export function checkRequest(draft: Record<string, unknown>, customerId: string | null): RowRequest {
  const parsed = schema.safeParse({ ...draft, customerId: customerId ?? ANY_CUSTOMER });
  if (parsed.success) return { ok: true, request: parsed.data };
  const problems = parsed.error.issues.map((i) => {
    const path = i.path.filter((p) => typeof p === 'string').join('.');
    // A limit's own fields are the file's spendingLimit / spendingInterval columns.
    if (path.startsWith('spendingControls'))
      return `${path.endsWith('interval') ? 'spendingInterval' : 'spendingLimit'}: ${i.message}`;
    return i.message;
  });
  return { ok: false, problems: [...new Set(problems)] };
}

/** "virtual Verve NGN, active" (and what it draws on), for the operator to read. */
export function describeCard(request: Partial<CreateCardRequest>): string {
  const parts = [request.type, request.brand, request.currency].filter(Boolean).join(' ');
  const limit = request.spendingControls?.spendingLimits?.[0];
  const limitText =
    typeof limit?.amount === 'number' && typeof limit.interval === 'string'
      ? `, limit ${limit.amount.toLocaleString('en')} ${limit.interval.replace(/_/g, ' ')}`
      : '';
  return `${parts}${request.status ? `, ${request.status}` : ''}${limitText}`;
}
