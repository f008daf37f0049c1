// Records of the card API (spec §2). Parsers are tolerant: extra fields pass through, and fields a real
// server may omit are optional, so one unusual record never hides a whole page from back-office staff.
// A field of the wrong type (or null) is taken out of its record by tolerant-read.ts, which the client and
// the cache read every answer with; these schemas say what a readable field is (docs/tolerant-reading.md).
import { z } from 'zod';
import { UNREADABLE_KEY, unreadableFieldSchema } from './tolerant-read';

const str = z.string();
const num = z.number();
const bool = z.boolean();
const opt = <T extends z.ZodType>(t: T) => t.optional();
const optNull = <T extends z.ZodType>(t: T) => t.nullable().optional();
/** A reference that is either a string id or an embedded record (spec: customer/account/card embedding). */
const refOr = <T extends z.ZodType>(t: T) => z.union([z.string(), t]);

export const CURRENCIES = ['NGN', 'USD'] as const;
export const currencySchema = z.enum(CURRENCIES);
export type Currency = z.infer<typeof currencySchema>;

/** A date-time: any text Date.parse reads (ISO 8601 as the spec says, and the forms real servers send). */
const dateTime = str.refine((s) => Number.isFinite(Date.parse(s)), { error: 'not a date' });

const stored = {
  _id: str,
  business: opt(str),
  isDeleted: opt(bool),
  createdAt: opt(dateTime),
  updatedAt: opt(dateTime),
  __v: opt(z.number()),
  /** Fields taken out because they could not be read, with their raw values (set by tolerant-read.ts). */
  [UNREADABLE_KEY]: opt(z.array(unreadableFieldSchema)),
};

export const addressSchema = z.looseObject({
  line1: opt(str),
  line2: opt(str),
  city: opt(str),
  state: opt(str),
  postalCode: opt(str),
  country: opt(str),
});

export const customerSchema = z.looseObject({
  ...stored,
  type: opt(str),
  name: opt(str),
  status: opt(str),
  isApproved: opt(bool),
  phoneNumber: opt(str),
  emailAddress: opt(str),
  individual: opt(
    z.looseObject({
      firstName: opt(str),
      lastName: opt(str),
      otherNames: opt(str),
      dob: opt(str),
      identity: opt(z.looseObject({ type: opt(str), number: opt(str) })),
      documents: opt(z.looseObject({ idFrontUrl: opt(str), idBackUrl: opt(str), addressVerificationUrl: opt(str) })),
    }),
  ),
  billingAddress: opt(addressSchema),
});
export type Customer = z.infer<typeof customerSchema>;

export const ACCOUNT_TYPES = ['account', 'wallet'] as const;
export const BANK_ACCOUNT_TYPES = ['Savings', 'Current'] as const;
export const accountSchema = z.looseObject({
  ...stored,
  customer: opt(str),
  type: opt(str),
  currency: opt(str),
  accountName: opt(str),
  bankCode: opt(str),
  accountType: opt(str),
  accountNumber: opt(str),
  currentBalance: opt(num),
  availableBalance: opt(num),
  provider: opt(str),
  providerReference: opt(str),
  referenceCode: opt(str),
  reloadable: opt(bool),
  isDefault: opt(bool),
  charges: opt(z.array(z.unknown())),
});
export type Account = z.infer<typeof accountSchema>;

export const SPENDING_INTERVALS = ['per_authorization', 'daily', 'weekly', 'monthly', 'yearly', 'all_time'] as const;
export const spendingIntervalSchema = z.enum(SPENDING_INTERVALS);
export const CHANNELS = ['atm', 'pos', 'web', 'mobile'] as const;

export const spendingControlsSchema = z.looseObject({
  _id: opt(str),
  allowedCategories: opt(z.array(str)),
  blockedCategories: opt(z.array(str)),
  channels: opt(z.looseObject({ _id: opt(str), atm: opt(bool), pos: opt(bool), web: opt(bool), mobile: opt(bool) })),
  spendingLimits: opt(
    z.array(
      z.looseObject({
        _id: opt(str),
        amount: num,
        interval: str,
        categories: opt(z.array(str)),
      }),
    ),
  ),
});
export type SpendingControls = z.infer<typeof spendingControlsSchema>;

export const CARD_TYPES = ['physical', 'virtual'] as const;
export const CARD_BRANDS = ['Verve', 'AfriGo', 'MasterCard', 'Visa'] as const;
export const CARD_STATUSES = ['active', 'inactive', 'canceled'] as const;
export const cardSchema = z.looseObject({
  ...stored,
  customer: opt(refOr(customerSchema)),
  account: opt(refOr(accountSchema)),
  fundingSource: optNull(str),
  program: optNull(z.unknown()),
  type: opt(str),
  brand: opt(str),
  currency: opt(str),
  maskedPan: opt(str),
  expiryMonth: opt(str),
  expiryYear: opt(str),
  metadata: optNull(z.record(str, z.unknown())),
  status: opt(str),
  spendingControls: optNull(spendingControlsSchema),
  is2FAEnabled: opt(bool),
  is2FAEnrolled: opt(bool),
  isDefaultPINChanged: opt(bool),
  disposable: opt(bool),
  refundAccount: optNull(z.unknown()),
  providerReference: opt(str),
  isDigitalized: opt(bool),
  failedTransactionCount: opt(num),
  minimumBalance: opt(num),
  version: opt(str),
  accumulatedFees: opt(num),
  totalFeesCharged: opt(num),
  feeChargeDay: opt(num),
});
export type Card = z.infer<typeof cardSchema>;

export const merchantSchema = z.looseObject({
  category: opt(str),
  name: opt(str),
  merchantId: opt(str),
  city: opt(str),
  state: opt(str),
  country: opt(str),
  postalCode: opt(str),
});
export const terminalSchema = z.looseObject({
  rrn: opt(str),
  stan: opt(str),
  terminalId: opt(str),
  terminalOperatingEnvironment: opt(str),
  terminalAttendance: opt(str),
  terminalType: opt(str),
  panEntryMode: opt(str),
  pinEntryMode: opt(str),
  cardHolderPresence: opt(bool),
  cardPresence: opt(bool),
});
export const transactionMetadataSchema = z.looseObject({ channel: opt(str), type: opt(str), reference: opt(str) });
export const feeDetailSchema = z.looseObject({
  contract: opt(str),
  currency: opt(str),
  amount: opt(num),
  description: opt(str),
});
export const requestHistoryItemSchema = z.looseObject({
  amount: opt(num),
  currency: opt(str),
  approved: opt(bool),
  merchantAmount: opt(num),
  merchantCurrency: opt(str),
  reason: opt(str),
  createdAt: opt(str),
});
export const verificationSchema = z.looseObject({
  billingAddressLine1: opt(str),
  billingAddressPostalCode: opt(str),
  cvv: opt(str),
  expiry: opt(str),
  pin: opt(str),
  threeDSecure: opt(str),
  safeToken: opt(str),
  authentication: opt(str),
});

const movement = {
  amount: num,
  fee: opt(num),
  vat: opt(num),
  currency: opt(str),
  balanceTransactions: opt(z.array(z.unknown())),
  merchantAmount: opt(num),
  merchantCurrency: opt(str),
  merchant: opt(merchantSchema),
  terminal: opt(terminalSchema),
  transactionMetadata: opt(transactionMetadataSchema),
};

export const authorizationSchema = z.looseObject({
  ...stored,
  customer: opt(refOr(customerSchema)),
  account: opt(refOr(accountSchema)),
  card: opt(refOr(cardSchema)),
  ...movement,
  approved: opt(bool),
  status: opt(str),
  authorizationMethod: opt(str),
  pendingRequest: optNull(z.unknown()),
  requestHistory: opt(z.array(requestHistoryItemSchema)),
  verification: opt(verificationSchema),
  feeDetails: opt(z.array(feeDetailSchema.nullable())),
});
export type Authorization = z.infer<typeof authorizationSchema>;

export const TRANSACTION_TYPES = ['capture', 'refund'] as const;
export const transactionSchema = z.looseObject({
  ...stored,
  customer: opt(refOr(customerSchema)),
  account: opt(refOr(accountSchema)),
  card: opt(refOr(cardSchema)),
  authorization: opt(refOr(authorizationSchema)),
  ...movement,
  type: opt(str),
  feeDetails: opt(z.array(feeDetailSchema.nullable())),
});
export type Transaction = z.infer<typeof transactionSchema>;

export const DISPUTE_REASONS = [
  'not_received',
  'fraudulent',
  'duplicate',
  'product_not_as_described',
  'service_not_as_described',
  'canceled',
  'other',
] as const;
export const disputeSchema = z.looseObject({
  ...stored,
  transaction: opt(str),
  reason: opt(str),
  explanation: opt(str),
  status: opt(str),
  metadata: optNull(z.record(str, z.unknown())),
});
export type Dispute = z.infer<typeof disputeSchema>;

export const fundingSourceSchema = z.looseObject({
  ...stored,
  type: opt(str),
  status: opt(str),
});
export type FundingSource = z.infer<typeof fundingSourceSchema>;

export const balanceSchema = z.looseObject({ currentBalance: num, availableBalance: num });
export type Balance = z.infer<typeof balanceSchema>;

export const nameEnquiryResultSchema = z.looseObject({ accountName: str, accountNumber: str, bankCode: str });
export type NameEnquiryResult = z.infer<typeof nameEnquiryResultSchema>;
