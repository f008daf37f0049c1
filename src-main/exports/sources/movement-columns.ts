// Columns shared by authorizations and card transactions: money, merchant, channel, card and customer.
import type { Authorization, Transaction } from '../../../src-shared/api/records';
import { merchantCategoryLabel } from '../../../src-shared/api/merchant-categories';
import { customerDisplayName, embedded, idOf, safeMaskedPan } from '../cells';
import { type Column, columnFor } from '../export-source';

type Movement = Authorization | Transaction;

const column = columnFor<Movement>();

export const moneyColumns: Column<Movement>[] = [
  column('amount', (r) => r.amount),
  column('fee', (r) => r.fee),
  column('vat', (r) => r.vat),
  column('currency', (r) => r.currency),
  column('merchantAmount', (r) => r.merchantAmount),
  column('merchantCurrency', (r) => r.merchantCurrency),
];

export const merchantColumns: Column<Movement>[] = [
  column('merchantName', (r) => r.merchant?.name),
  column('merchantCategory', (r) => r.merchant?.category),
  column('merchantCategoryName', (r) =>
    r.merchant?.category ? merchantCategoryLabel(r.merchant.category) : undefined,
  ),
  column('merchantCity', (r) => r.merchant?.city),
  column('merchantCountry', (r) => r.merchant?.country),
  column('channel', (r) => r.transactionMetadata?.channel),
  column('transactionType', (r) => r.transactionMetadata?.type),
  column('reference', (r) => r.transactionMetadata?.reference),
];

export const partyColumns: Column<Movement>[] = [
  column('cardId', (r) => idOf(r.card)),
  column('maskedPan', (r) => safeMaskedPan(embedded(r.card)?.maskedPan)),
  column('cardBrand', (r) => embedded(r.card)?.brand),
  column('customerId', (r) => idOf(r.customer)),
  column('customerName', (r) => customerDisplayName(embedded(r.customer))),
  column('accountId', (r) => idOf(r.account)),
];
