// The sandbox's stored records: the API's shapes (spec §2) with references kept as string ids.
// Customers are not stored (see data/customers.ts); views.ts embeds records where the API does.
import type { Currency } from '../../../src-shared/api/records';

interface Stored {
  _id: string;
  business: string;
  isDeleted: boolean;
  createdAt: string;
  updatedAt: string;
  __v: number;
}

export interface AccountRecord extends Stored {
  /** Present on customer wallets only. */
  customer?: string;
  type: 'account' | 'wallet';
  currency: Currency;
  accountName: string;
  bankCode: string;
  accountType: 'Savings' | 'Current';
  accountNumber: string;
  currentBalance: number;
  availableBalance: number;
  provider: string;
  providerReference: string;
  referenceCode: string;
  reloadable: boolean;
  isDefault: boolean;
  charges: unknown[];
}

export interface SpendingLimitRecord {
  _id: string;
  amount: number;
  interval: string;
  categories: string[];
  /** Which channels a default limit covers (docs/api.md: per ATM vs per POS/web authorization). */
  channels?: string[];
}

export interface SpendingControlsRecord {
  _id: string;
  allowedCategories: string[];
  blockedCategories: string[];
  channels: { _id: string; atm: boolean; pos: boolean; web: boolean; mobile: boolean };
  spendingLimits: SpendingLimitRecord[];
}

export type CardBrand = 'Verve' | 'AfriGo' | 'MasterCard' | 'Visa';
export type CardStatus = 'active' | 'inactive' | 'canceled';

export interface CardRecord extends Stored {
  customer: string;
  account: string;
  fundingSource: string;
  program: null;
  type: 'physical' | 'virtual';
  brand: CardBrand;
  currency: Currency;
  maskedPan: string;
  expiryMonth: string;
  expiryYear: string;
  metadata: Record<string, string>;
  status: CardStatus;
  spendingControls: SpendingControlsRecord;
  is2FAEnabled: boolean;
  is2FAEnrolled: boolean;
  isDefaultPINChanged: boolean;
  disposable: boolean;
  refundAccount: null;
  providerReference: string;
  isDigitalized: boolean;
  failedTransactionCount: number;
  minimumBalance: number;
  version: string;
  accumulatedFees: number;
  totalFeesCharged: number;
  feeChargeDay: number;
}

export interface MerchantRecord {
  category: string;
  name: string;
  merchantId: string;
  city: string;
  state: string;
  country: string;
  postalCode: string;
}

export interface TerminalRecord {
  rrn: string;
  stan: string;
  terminalId: string;
  terminalOperatingEnvironment: string;
  terminalAttendance: string;
  terminalType: string;
  panEntryMode: string;
  pinEntryMode: string;
  cardHolderPresence: boolean;
  cardPresence: boolean;
}

export interface FeeDetailRecord {
  contract: string;
  currency: Currency;
  amount: number;
  description: string;
}

export interface TransactionMetadataRecord {
  channel: string;
  type: string;
  reference: string;
}

export interface RequestHistoryRecord {
  amount: number;
  currency: Currency;
  approved: boolean;
  merchantAmount: number;
  merchantCurrency: Currency;
  reason: string;
  createdAt: string;
}

export type VerificationRecord = Record<
  | 'billingAddressLine1'
  | 'billingAddressPostalCode'
  | 'cvv'
  | 'expiry'
  | 'pin'
  | 'threeDSecure'
  | 'safeToken'
  | 'authentication',
  string
>;

export interface AuthorizationRecord extends Stored {
  customer: string;
  account: string;
  card: string;
  amount: number;
  fee: number;
  vat: number;
  approved: boolean;
  currency: Currency;
  status: string;
  authorizationMethod: string;
  balanceTransactions: unknown[];
  merchantAmount: number;
  merchantCurrency: Currency;
  merchant: MerchantRecord;
  terminal: TerminalRecord;
  transactionMetadata: TransactionMetadataRecord;
  pendingRequest: null;
  requestHistory: RequestHistoryRecord[];
  verification: VerificationRecord;
  feeDetails: FeeDetailRecord[];
}

export interface TransactionRecord extends Stored {
  customer: string;
  account: string;
  card: string;
  authorization: string;
  amount: number;
  fee: number;
  vat: number;
  currency: Currency;
  type: 'capture' | 'refund';
  balanceTransactions: unknown[];
  merchantAmount: number;
  merchantCurrency: Currency;
  merchant: MerchantRecord;
  terminal: TerminalRecord;
  transactionMetadata: TransactionMetadataRecord;
  feeDetails: (FeeDetailRecord | null)[];
}

export interface DisputeRecord {
  _id: string;
  business: string;
  transaction: string;
  reason: string;
  explanation: string;
  status: string;
  metadata: Record<string, string>;
  createdAt: string;
  updatedAt: string;
  __v: number;
}

export interface FundingSourceRecord extends Stored {
  type: string;
  status: string;
}

export interface BalanceRecord {
  currentBalance: number;
  availableBalance: number;
}
