// Request schemas: POST /cards with every rule of docs/api.md, POST /accounts, name enquiry and the
// query of each list operation. The forms, the IPC boundary and the sandbox all validate with these.
import { z } from 'zod';
import {
  ACCOUNT_TYPES,
  BANK_ACCOUNT_TYPES,
  CARD_BRANDS,
  CARD_TYPES,
  CHANNELS,
  CURRENCIES,
  SPENDING_INTERVALS,
} from './records';
import { MAX_AMOUNT_DECIMALS, MAX_PAN_DIGITS, compactNumber, hasMoneyPrecision, normalizeExpiry } from './input-rules';
import { authorizationFilterShape } from './authorization-filter';
import { numberBrandProblem } from './card-ranges';
import { OBJECT_ID, expiryProblem, luhnValid, parseExpirationDate, parseRangeDate } from './rules';

/** A field that names itself in its messages ("customerId is required"). */
const described = (field: string) => ({
  error: (iss: { input?: unknown; code?: string }) =>
    iss.input === undefined ? `${field} is required` : `${field} is invalid`,
});
const reqString = (field: string) =>
  z
    .string(described(field))
    .trim()
    .min(1, { error: `${field} is required` });
const oneOf = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, {
    error: (iss: { input?: unknown }) =>
      iss.input === undefined || iss.input === ''
        ? `${field} is required`
        : `${field} must be one of ${values.join(', ')}`,
  });
/** A record id, accepted in any case and with stray spaces (ids are lowercase hex). */
const objectId = (field: string) =>
  z
    .string(described(field))
    .trim()
    .toLowerCase()
    .regex(OBJECT_ID, { error: `${field} must be a 24-character id` });
/** Money: a number with at most two decimal places. */
const money = (field: string, required: string) =>
  z
    .number({ error: required })
    .refine(hasMoneyPrecision, { error: `${field} has more than ${MAX_AMOUNT_DECIMALS} decimal places` });

// ---------- pagination and list queries ----------
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 25;
export const DEFAULT_CUSTOMER_PAGE_SIZE = 100;

const pageField = z.coerce
  .number({ error: 'page must be a whole number' })
  .int({ error: 'page must be a whole number' })
  .min(0, { error: 'page must be 0 or more' });
const limitField = z.coerce
  .number({ error: 'limit must be a whole number' })
  .int({ error: 'limit must be a whole number' })
  .min(1, { error: 'limit must be at least 1' })
  .max(MAX_PAGE_SIZE, { error: `limit must be at most ${MAX_PAGE_SIZE}` });

export const pageQuerySchema = z.object({
  page: pageField.optional(),
  limit: limitField.optional(),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;

const rangeDate = (field: string) =>
  z.string().refine((s) => parseRangeDate(s) !== null, { error: `${field} must be a date as YYYY-MM-DD` });

const dateRangeShape = {
  fromDate: rangeDate('fromDate').optional(),
  toDate: rangeDate('toDate').optional(),
};
/** fromDate must not come after toDate (both inclusive). */
function checkDateRange(q: { fromDate?: string; toDate?: string }, ctx: z.RefinementCtx): void {
  const from = q.fromDate ? parseRangeDate(q.fromDate) : null;
  const to = q.toDate ? parseRangeDate(q.toDate) : null;
  // A date-only toDate covers its whole day (the range is inclusive).
  const toEnd = to && q.toDate && /^\d{4}-\d{2}-\d{2}$/.test(q.toDate) ? to.getTime() + 86_400_000 - 1 : to?.getTime();
  if (from && toEnd !== undefined && from.getTime() > toEnd) {
    ctx.addIssue({ code: 'custom', path: ['fromDate'], message: 'fromDate must not be after toDate' });
  }
}

export const customersListQuerySchema = pageQuerySchema;
export const authorizationsListQuerySchema = z
  .object({ ...pageQuerySchema.shape, ...dateRangeShape })
  .superRefine(checkDateRange);
export type AuthorizationsListQuery = z.infer<typeof authorizationsListQuerySchema>;
/** The Approved filter Card Desk applies itself (the service has none): `yes`, `no`, or all when absent. */
export const APPROVED_FILTERS = ['yes', 'no'] as const;
/** An authorizations export: the list's query and the Approved filter, applied to every page of the range. */
export const authorizationsExportQuerySchema = z
  .object({
    ...pageQuerySchema.shape,
    ...dateRangeShape,
    approved: oneOf('approved', APPROVED_FILTERS).optional(),
    ...authorizationFilterShape,
  })
  .superRefine(checkDateRange)
  .superRefine((q, ctx) => {
    if (q.minAmount !== undefined && q.maxAmount !== undefined && q.minAmount > q.maxAmount)
      ctx.addIssue({ code: 'custom', path: ['minAmount'], message: 'minAmount must not be more than maxAmount' });
  });
export const cardTransactionsQuerySchema = z
  .object({ cardId: objectId('cardId'), ...pageQuerySchema.shape, ...dateRangeShape })
  .superRefine(checkDateRange);
export type CardTransactionsQuery = z.infer<typeof cardTransactionsQuerySchema>;
export const ACCOUNT_CURRENCY_FILTERS = ['ALL', 'NGN', 'USD'] as const;
export const accountsListQuerySchema = z.object({
  ...pageQuerySchema.shape,
  currency: oneOf('currency', ACCOUNT_CURRENCY_FILTERS).optional(),
  type: oneOf('type', ACCOUNT_TYPES).optional(),
});
export type AccountsListQuery = z.infer<typeof accountsListQuerySchema>;
/** An accounts export: the list's filters and the search Card Desk applies itself (account-filter.ts). */
export const accountsExportQuerySchema = z.object({
  ...accountsListQuerySchema.shape,
  search: z.string().trim().max(100, { error: 'search must be at most 100 characters' }).optional(),
});
export const disputesListQuerySchema = pageQuerySchema;
export const fundingSourcesListQuerySchema = pageQuerySchema;
export const fundingSourceGetSchema = z.object({ id: objectId('id') });
export const cardBalanceQuerySchema = z.object({ cardId: objectId('cardId') });

// ---------- POST /accounts ----------
export const createAccountRequestSchema = z
  .object({
    type: oneOf('type', ACCOUNT_TYPES),
    currency: oneOf('currency', CURRENCIES),
    accountType: oneOf('accountType', BANK_ACCOUNT_TYPES),
    customerId: objectId('customerId').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'wallet' && !v.customerId) {
      ctx.addIssue({ code: 'custom', path: ['customerId'], message: 'customerId is required' });
    }
  });
export type CreateAccountRequest = z.infer<typeof createAccountRequestSchema>;

// ---------- name enquiry ----------
export const nameEnquiryRequestSchema = z.object({
  bankCode: reqString('bankCode').regex(/^\d{3,6}$/, { error: 'bankCode must be 3 to 6 digits' }),
  accountNumber: reqString('accountNumber')
    .overwrite(compactNumber)
    .regex(/^\d{10}$/, { error: 'accountNumber must be 10 digits' }),
});
export type NameEnquiryRequest = z.infer<typeof nameEnquiryRequestSchema>;

// ---------- POST /cards ----------
export const REPLACEMENT_REASONS = ['lost', 'stolen'] as const;
export const ISSUER_COUNTRIES = ['NGA', 'USA'] as const;

export const spendingLimitInputSchema = z.object({
  amount: money('amount', 'amount is required').refine((n) => n > 0, { error: 'amount must be more than 0' }),
  interval: oneOf('interval', SPENDING_INTERVALS),
  categories: z.array(z.string().min(1)).optional(),
});
export const spendingControlsInputSchema = z.object({
  allowedCategories: z.array(z.string().min(1)).optional(),
  blockedCategories: z.array(z.string().min(1)).optional(),
  channels: z
    .object(
      Object.fromEntries(CHANNELS.map((c) => [c, z.boolean().optional()])) as Record<
        (typeof CHANNELS)[number],
        z.ZodOptional<z.ZodBoolean>
      >,
    )
    .optional(),
  spendingLimits: z.array(spendingLimitInputSchema).optional(),
});
export type SpendingControlsInput = z.infer<typeof spendingControlsInputSchema>;

/** A card's metadata, serialized as JSON, may hold at most 8 KB. */
export const MAX_METADATA_BYTES = 8 * 1024;
const jsonBytes = (value: unknown): number => new TextEncoder().encode(JSON.stringify(value)).length;

const createCardShape = {
  customerId: objectId('customerId'),
  type: oneOf('type', CARD_TYPES),
  currency: oneOf('currency', CURRENCIES),
  status: oneOf('status', ['active', 'inactive'] as const),
  brand: oneOf('brand', CARD_BRANDS),
  issuerCountry: oneOf('issuerCountry', ISSUER_COUNTRIES).optional(),
  fundingSourceId: objectId('fundingSourceId').optional(),
  number: z.string().trim().overwrite(compactNumber).optional(),
  enable2FA: z.boolean().optional(),
  metadata: z
    .record(z.string(), z.string())
    .refine((m) => jsonBytes(m) <= MAX_METADATA_BYTES, {
      error: `metadata must be at most ${MAX_METADATA_BYTES / 1024} KB as JSON`,
    })
    .optional(),
  spendingControls: spendingControlsInputSchema.optional(),
  bankCode: z.string().trim().optional(),
  accountNumber: z.string().trim().overwrite(compactNumber).optional(),
  replacementFor: objectId('replacementFor').optional(),
  reason: oneOf('reason', REPLACEMENT_REASONS).optional(),
  debitAccountId: objectId('debitAccountId').optional(),
  amount: money('amount', 'amount must be a number').optional(),
  sendPINSMS: z.boolean().optional(),
  expirationDate: z.string().trim().overwrite(normalizeExpiry).optional(),
};

export type CardPath = 'new' | 'fundingSource' | 'bankAccount' | 'replace';

/** Which of the four issuing paths a request takes. */
export function cardPathOf(v: {
  replacementFor?: string;
  reason?: string;
  fundingSourceId?: string;
  bankCode?: string;
  accountNumber?: string;
}): CardPath {
  if (v.replacementFor || v.reason) return 'replace';
  if (v.fundingSourceId) return 'fundingSource';
  if (v.bankCode || v.accountNumber) return 'bankAccount';
  return 'new';
}

/** POST /cards, with the rules of docs/api.md. `now` is injectable so expiry rules are testable. */
export function makeCreateCardRequestSchema(now: () => Date = () => new Date()) {
  return z.object(createCardShape).superRefine((v, ctx) => {
    const need = (field: string, message = `${field} is required`) =>
      ctx.addIssue({ code: 'custom', path: [field], message });
    if (v.type === 'physical') {
      // One message at a time, the most telling first: the shape, then the brand, then the check digit.
      const brandProblem = v.number ? numberBrandProblem(v.number, v.brand) : null;
      const pan = v.brand === 'Verve' || v.brand === 'AfriGo';
      if (!v.number) need('number', 'number is required for a physical card');
      else if (pan && !new RegExp(`^\\d{16,${MAX_PAN_DIGITS}}$`).test(v.number))
        need('number', `number must be a 16 to ${MAX_PAN_DIGITS} digit card number`);
      else if (brandProblem) need('number', brandProblem);
      else if (pan && !luhnValid(v.number)) need('number', 'number is not a valid card number (Luhn check failed)');
    }
    // A replacement keeps the account of the card it replaces (decisions: Replace), so it names none.
    if (v.type === 'virtual' && !v.debitAccountId && cardPathOf(v) !== 'replace')
      need('debitAccountId', 'debitAccountId is required for a virtual card');
    if (v.brand === 'MasterCard') {
      if (v.amount === undefined) need('amount', 'amount is required for a MasterCard');
      else if (!(v.amount > 0)) need('amount', 'amount must be more than 0');
    } else if (v.amount !== undefined && !(v.amount > 0)) need('amount', 'amount must be more than 0');
    if (v.bankCode && !v.accountNumber)
      need('accountNumber', 'accountNumber is required to map a card to a bank account');
    if (v.accountNumber && !v.bankCode) need('bankCode', 'bankCode is required to map a card to a bank account');
    if (v.replacementFor && !v.reason) need('reason', 'reason is required to replace a card');
    if (v.reason && !v.replacementFor) need('replacementFor', 'replacementFor is required to replace a card');
    if (v.expirationDate !== undefined) {
      if (v.brand !== 'Visa') need('expirationDate', 'expirationDate is only allowed for Visa cards');
      else {
        const p = parseExpirationDate(v.expirationDate);
        if (!p) need('expirationDate', 'expirationDate must be MMM-YYYY, for example Jan-2029');
        else {
          const problem = expiryProblem(p.month, p.year, now());
          if (problem) need('expirationDate', `expirationDate ${problem}`);
        }
      }
    }
  });
}
export const createCardRequestSchema = makeCreateCardRequestSchema();
export type CreateCardRequest = z.infer<typeof createCardRequestSchema>;
