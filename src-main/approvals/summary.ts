// The readable review of a write, as its maker's desk saw it, stored beside the exact body so the approver
// reads the same: names before ids, amounts with their currency, where it goes.
import type { CreateAccountRequest, CreateCardRequest } from '../../src-shared/api/requests';
import { MAX_PAGE_SIZE, cardPathOf } from '../../src-shared/api/requests';
import type { CardApiClient } from '../api/types';
import type { Approval, SingleWrite } from '../../src-shared/ipc/channels/approvals';
import { amountText } from './rules';

type Line = Approval['summary'][number];

export interface SummaryContext {
  environmentName: string;
  environmentAddress: string;
  customerName: (customerId: string) => Promise<string | null>;
  /** The account or wallet a card is paid from, by name and number, when the service knows it. */
  accountName?: (accountId: string, currency: 'NGN' | 'USD') => Promise<string | null>;
}

/** "Operations · 0123456789", from the service's lists of accounts and wallets in the currency. */
export async function accountNameFrom(api: CardApiClient, id: string, currency: 'NGN' | 'USD'): Promise<string | null> {
  for (const type of ['account', 'wallet'] as const) {
    const listed = await api.listAccounts({ type, currency, page: 0, limit: MAX_PAGE_SIZE });
    const found = listed.ok ? listed.data.find((a) => a._id === id) : undefined;
    if (found) return `${found.accountName ?? 'no name'}${found.accountNumber ? ` · ${found.accountNumber}` : ''}`;
  }
  return null;
}

async function customerLine(id: string | undefined, ctx: SummaryContext): Promise<Line[]> {
  if (!id) return [];
  const name = await ctx.customerName(id).catch(() => null);
  return [{ label: 'Customer', value: name ? `${name} (${id})` : id }];
}

/** The mapped account and the maker's name enquiry, as the card's metadata carries it (writes/HolderNameCheck.tsx). */
function bankAccountLines(card: CreateCardRequest): Line[] {
  const holder = card.metadata?.accountHolderName;
  const lines: Line[] = [
    { label: 'Mapped to bank account', value: `${card.accountNumber ?? ''} at bank ${card.bankCode ?? ''}` },
    {
      label: 'Account holder',
      value: holder ? `${holder} (${card.metadata?.holderNameCheck ?? 'not compared'})` : 'not looked up',
    },
  ];
  const because = card.metadata?.mappedAnywayBecause;
  if (because) lines.push({ label: 'Mapped anyway because', value: because });
  return lines;
}

async function cardLines(card: CreateCardRequest, ctx: SummaryContext): Promise<Line[]> {
  const path = cardPathOf(card);
  const lines: Line[] = [
    ...(await customerLine(card.customerId, ctx)),
    { label: 'Card', value: `${card.type} ${card.brand} card in ${card.currency}, ${card.status}` },
  ];
  for (const limit of card.spendingControls?.spendingLimits ?? [])
    lines.push({ label: 'Spending limit', value: `${amountText(card.currency, limit.amount)} ${limit.interval}` });
  if (card.debitAccountId) {
    const name = await ctx.accountName?.(card.debitAccountId, card.currency).catch(() => null);
    lines.push({ label: 'Paid from account', value: name ? `${name} (${card.debitAccountId})` : card.debitAccountId });
  }
  if (path === 'bankAccount') lines.push(...bankAccountLines(card));
  if (path === 'fundingSource') lines.push({ label: 'Funding source', value: card.fundingSourceId ?? '' });
  if (card.replacementFor)
    lines.push({ label: 'Replaces card', value: `${card.replacementFor} (${card.reason ?? 'no reason'})` });
  if (card.amount !== undefined) lines.push({ label: 'Amount', value: amountText(card.currency, card.amount) });
  return lines;
}

async function accountLines(account: CreateAccountRequest, ctx: SummaryContext): Promise<Line[]> {
  return [
    ...(await customerLine(account.customerId, ctx)),
    { label: account.type === 'wallet' ? 'Wallet' : 'Account', value: `${account.accountType} in ${account.currency}` },
  ];
}

export async function summaryOf(write: SingleWrite, ctx: SummaryContext): Promise<Line[]> {
  const lines =
    write.operation === 'cards.create' ? await cardLines(write.input, ctx) : await accountLines(write.input, ctx);
  return [...lines, { label: 'Environment', value: `${ctx.environmentName} (${ctx.environmentAddress})` }];
}
