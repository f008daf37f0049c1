// An approved-or-waiting batch as its approver judges it, built on the desk that reads it from the batch's
// rows (the body the database holds), as the maker's preview showed them: each row's customer by name (from
// this desk's customers, the team copy) with a KYC not approved said, its card and limits, the debit account
// with its holder, each mapped bank account with its holder, the name check and the file's reason for mapping
// it anyway; every warning of the maker's preview (kept in the stored review) and the totals.
import type { Customer } from '../../src-shared/api/records';
import type { CreateCardRequest } from '../../src-shared/api/requests';
import type { Approval } from '../../src-shared/ipc/channels/approvals';
import { kycOf } from '../bulk-issue/preview';
import { limitTotals, rowsOfBody } from './batch-approval';
import { amountText } from './rules';

type Line = Approval['summary'][number];

export interface BatchReviewContext {
  /** A customer of this desk's copy, or null. */
  customer: (customerId: string) => Promise<Customer | null>;
  /** "Operations · 0123456789" for an account or wallet of the environment, or null when not known here. */
  accountName?: ((accountId: string, currency: 'NGN' | 'USD') => Promise<string | null>) | undefined;
}

/** Rows named one by one; past this many the review says how many more there are. */
const ROWS_SHOWN = 500;

function nameOf(customer: Customer | null): string | null {
  if (!customer) return null;
  const parts = [customer.individual?.firstName, customer.individual?.lastName].filter(Boolean);
  return customer.name?.trim() || parts.join(' ') || null;
}

function mappedText(request: CreateCardRequest): string {
  if (!request.accountNumber) return '';
  const m = request.metadata ?? {};
  const holder = m.accountHolderName ? `held by ${m.accountHolderName} (${m.holderNameCheck ?? 'not compared'})` : '';
  const because = m.mappedAnywayBecause ? `, mapped anyway because: ${m.mappedAnywayBecause}` : '';
  return `; bank account ${request.accountNumber} at bank ${request.bankCode ?? '—'}${holder ? `, ${holder}` : ''}${because}`;
}

function cardText(request: CreateCardRequest): string {
  const limits = (request.spendingControls?.spendingLimits ?? [])
    .map((l) => `${amountText(request.currency, l.amount)} ${l.interval}`)
    .join(', ');
  return `${request.type} ${request.brand} card in ${request.currency}${limits ? `, limit ${limits}` : ''}`;
}

async function debitAccountLines(rows: { request: CreateCardRequest }[], ctx: BatchReviewContext): Promise<Line[]> {
  const accounts = new Map<string, { currency: 'NGN' | 'USD'; rows: number }>();
  for (const { request } of rows)
    if (request.debitAccountId) {
      const seen = accounts.get(request.debitAccountId);
      accounts.set(request.debitAccountId, { currency: request.currency, rows: (seen?.rows ?? 0) + 1 });
    }
  const lines: Line[] = [];
  for (const [id, { currency, rows: count }] of accounts) {
    const name = await ctx.accountName?.(id, currency).catch(() => null);
    lines.push({
      label: 'Debit account',
      value: `${name ?? 'not found in this environment'} (${id}), for ${count} ${count === 1 ? 'card' : 'cards'}`,
    });
  }
  return lines;
}

/** The review of a batch request read on this desk; the stored review when its body cannot be read. */
export async function batchReview(body: string, stored: Line[], ctx: BatchReviewContext): Promise<Line[]> {
  const parsed = rowsOfBody(body);
  if (!parsed.ok) return stored;
  const rows = parsed.data;
  const keep = (label: string) => stored.filter((l) => l.label === label);
  const rowLines: Line[] = [];
  let notKyc = 0;
  let unknown = 0;
  for (const [i, { row, request }] of rows.entries()) {
    const customer = await ctx.customer(request.customerId).catch(() => null);
    if (!customer) unknown += 1;
    else if (kycOf(customer) === 'not_approved') notKyc += 1;
    if (i >= ROWS_SHOWN) continue;
    const name = nameOf(customer) ?? 'not in this desk’s customers';
    const kyc = customer && kycOf(customer) === 'not_approved' ? ', KYC not approved' : '';
    rowLines.push({
      label: `Row ${row}`,
      value: `${name} (${request.customerId})${kyc}: ${cardText(request)}${mappedText(request)}`,
    });
  }
  if (rows.length > ROWS_SHOWN)
    rowLines.push({ label: 'More rows', value: `${rows.length - ROWS_SHOWN} more, in the exact request below` });
  const warnings: Line[] = [];
  if (notKyc > 0)
    warnings.push({ label: 'Warning', value: `KYC not approved for ${notKyc} of the customers ready to be sent` });
  if (unknown > 0)
    warnings.push({ label: 'Warning', value: `${unknown} of the customers are not in this desk’s customers` });
  return [
    ...keep('Cards'),
    { label: 'Total spending limits', value: limitTotals(rows) },
    ...keep('Rows by status'),
    ...(await debitAccountLines(rows, ctx)),
    ...warnings,
    ...stored.filter((l) => l.label.startsWith('Warning, row')),
    ...rowLines,
    ...keep('Environment'),
  ];
}
