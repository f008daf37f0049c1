// Seeds everything but the customers: the business and its settlement accounts, funding sources, wallets
// and cards for the first customers, and about 90 days of card activity before `now`. Deterministic in
// (seed, now, customer count); kept small so every list and chart has content without slowing start-up.
// Each step below seeds one kind of record, in a fixed order: they all draw on one random sequence.
import { type Currency, DISPUTE_REASONS } from '../../../src-shared/api/records';
import { maskPan } from '../../../src-shared/api/rules';
import type { SandboxFixtures } from '../handle';
import { SandboxIds } from '../state/ids';
import type {
  AccountRecord,
  AuthorizationRecord,
  CardBrand,
  CardRecord,
  FundingSourceRecord,
  TransactionRecord,
} from '../state/records';
import { SandboxStore } from '../state/store';
import { WALLET_BANK_CODE, accountRecord, freshAccountNumber, type AccountFields } from './accounts';
import { DISPUTE_EXPLANATIONS, buildAuthorization, buildCapture, buildRefund } from './activity';
import { cardRecord, defaultExpiry, defaultSpendingControls, generatePan } from './card-details';
import { CustomerDirectory, FIRST_CUSTOMER_AT, type ListedCustomer } from './customers';
import { BUSINESS_NAME_ENDINGS, LAST_NAMES } from './people';
import { Random } from './random';

const DAY = 86_400_000;
const MINUTE = 60_000;
/** Customers who hold wallets and cards. */
const MAX_CARD_HOLDERS = 40;
const ACTIVITY_DAYS = 90;
const AUTHORIZATIONS_PER_CARD = 8;
const MAX_AUTHORIZATIONS = 400;

export interface World {
  store: SandboxStore;
  ids: SandboxIds;
  customers: CustomerDirectory;
  fixtures: SandboxFixtures;
}

/** What every seeding step draws on: the world's random sequence, ids and store, and the business. */
interface Seeding {
  r: Random;
  ids: SandboxIds;
  store: SandboxStore;
  businessId: string;
  businessCreated: number;
  now: number;
  addAccount: (fields: Omit<AccountFields, 'id' | 'business'>) => AccountRecord;
}

/** The business's own accounts: a settlement account per currency and an operations account. */
interface BusinessAccounts {
  settlement: Record<Currency, AccountRecord>;
  operations: AccountRecord;
}

/** The first customers' wallets and cards, and when each inactive card was switched off. */
interface Holdings {
  wallets: AccountRecord[];
  cards: CardRecord[];
  deactivatedAt: Map<string, number>;
}

/** Per card, what its captures took (`net`) and what its approved authorizations still hold. */
type Spent = Map<string, { net: number; held: number }>;

export function seedWorld(seed: number, customerCount: number, now: Date): World {
  const r = Random.for(seed, 'world');
  const ids = new SandboxIds(seed);
  const businessCreated = FIRST_CUSTOMER_AT - 60 * DAY;
  const businessId = ids.business(businessCreated);
  const customers = new CustomerDirectory({ seed, count: customerCount, businessId });
  const store = new SandboxStore(businessId, `${r.pick(LAST_NAMES)} ${r.pick(BUSINESS_NAME_ENDINGS)} Ltd`);
  const seeding: Seeding = {
    r,
    ids,
    store,
    businessId,
    businessCreated,
    now: now.getTime(),
    addAccount: (f) => {
      const account = accountRecord(
        { ...f, id: ids.account.issue(f.createdAt.getTime()), business: businessId },
        freshAccountNumber(store, f.bankCode, r),
        r,
      );
      store.addAccount(account);
      return account;
    },
  };
  const accounts = seedBusinessAccounts(seeding);
  const fundingSources = seedFundingSources(seeding);
  const holders = Math.min(customerCount, MAX_CARD_HOLDERS);
  const holdings = seedHoldings(seeding, customers, holders, accounts.settlement, fundingSources);
  const { spent, captures } = seedActivity(seeding, holdings);
  seedDisputes(seeding, captures);
  seedBalances(seeding, holdings.cards, spent);
  return {
    store,
    ids,
    customers,
    fixtures: fixturesOf(businessId, customers, customerCount, accounts, fundingSources, holdings),
  };
}

/** Settlement accounts of the business, and its operations account. */
function seedBusinessAccounts({ r, store, businessCreated, addAccount }: Seeding): BusinessAccounts {
  const opened = new Date(businessCreated + DAY);
  const business = { type: 'account' as const, accountName: store.businessName, createdAt: opened };
  const settlement: Record<Currency, AccountRecord> = {
    NGN: addAccount({
      ...business,
      currency: 'NGN',
      bankCode: '101',
      accountType: 'Current',
      balance: r.amount(20e6, 80e6),
      isDefault: true,
    }),
    USD: addAccount({
      ...business,
      currency: 'USD',
      bankCode: '101',
      accountType: 'Current',
      balance: r.amount(40e3, 150e3),
      isDefault: true,
    }),
  };
  const operations = addAccount({
    ...business,
    currency: 'NGN',
    bankCode: '058',
    accountType: 'Savings',
    balance: r.amount(2e6, 9e6),
    isDefault: false,
  });
  return { settlement, operations };
}

/** Funding sources: two active, one inactive. */
function seedFundingSources({ ids, store, businessId, businessCreated }: Seeding): FundingSourceRecord[] {
  const fundingAt = (days: number) => {
    const at = new Date(businessCreated + days * DAY).toISOString();
    return { business: businessId, isDeleted: false, createdAt: at, updatedAt: at, __v: 0 };
  };
  const fundingSources = [
    { _id: ids.fundingSource.issue(businessCreated + 2 * DAY), ...fundingAt(2), type: 'default', status: 'active' },
    { _id: ids.fundingSource.issue(businessCreated + 9 * DAY), ...fundingAt(9), type: 'account', status: 'active' },
    { _id: ids.fundingSource.issue(businessCreated + 30 * DAY), ...fundingAt(30), type: 'gateway', status: 'inactive' },
  ];
  for (const source of fundingSources) store.addFundingSource(source);
  return fundingSources;
}

/** Wallets and cards of the first `holders` customers. */
function seedHoldings(
  seeding: Seeding,
  customers: CustomerDirectory,
  holders: number,
  settlement: Record<Currency, AccountRecord>,
  fundingSources: FundingSourceRecord[],
): Holdings {
  const { r } = seeding;
  const holdings: Holdings = { wallets: [], cards: [], deactivatedAt: new Map() };
  const [defaultSource, accountSource] = fundingSources as [FundingSourceRecord, FundingSourceRecord];
  for (let i = 0; i < holders; i++) {
    const customer = customers.at(i);
    const own = seedWallets(seeding, customer);
    holdings.wallets.push(...Object.values(own));
    const firstCurrency: Currency = r.chance(0.8) ? 'NGN' : 'USD';
    const currencies: Currency[] = r.chance(0.3)
      ? [firstCurrency, firstCurrency === 'NGN' ? 'USD' : 'NGN']
      : [firstCurrency];
    for (const currency of currencies) {
      const account = own[currency] ?? settlement[currency];
      const fundingSource = () => (r.chance(0.8) ? defaultSource._id : accountSource._id);
      holdings.cards.push(seedCard(seeding, customer._id, account, fundingSource, holdings.deactivatedAt));
    }
  }
  return holdings;
}

/** A customer's wallets: always one in naira, sometimes one in dollars. */
function seedWallets({ r, addAccount }: Seeding, customer: ListedCustomer): Partial<Record<Currency, AccountRecord>> {
  const customerCreated = Date.parse(customer.createdAt);
  const own: Partial<Record<Currency, AccountRecord>> = {};
  for (const currency of ['NGN', 'USD'] as const) {
    if (currency === 'USD' && !r.chance(0.4)) continue;
    own[currency] = addAccount({
      type: 'wallet',
      customer: customer._id,
      currency,
      accountName: customer.name,
      bankCode: WALLET_BANK_CODE,
      accountType: 'Savings',
      balance: currency === 'NGN' ? r.amount(5_000, 900_000) : r.amount(20, 2_500),
      isDefault: false,
      createdAt: new Date(customerCreated + r.int(1, 30) * DAY),
    });
  }
  return own;
}

/** One card of a customer on `account`; an inactive one is recorded in `deactivatedAt`. */
function seedCard(
  { r, ids, businessId, now }: Seeding,
  customerId: string,
  account: AccountRecord,
  fundingSource: () => string,
  deactivatedAt: Map<string, number>,
): CardRecord {
  const currency = account.currency;
  const brand: CardBrand =
    currency === 'NGN'
      ? r.weighted([
          ['Verve', 40],
          ['AfriGo', 20],
          ['MasterCard', 25],
          ['Visa', 15],
        ] as const)
      : r.weighted([
          ['MasterCard', 60],
          ['Visa', 40],
        ] as const);
  const createdMs = Math.max(Date.parse(account.createdAt) + DAY, now - r.int(100, 500) * DAY);
  const createdAt = new Date(createdMs);
  const status = r.chance(0.85) ? 'active' : 'inactive';
  const card = cardRecord({
    id: ids.card.issue(createdMs),
    business: businessId,
    customer: customerId,
    account: account._id,
    fundingSource: fundingSource(),
    type: currency === 'USD' ? (r.chance(0.85) ? 'virtual' : 'physical') : r.chance(0.55) ? 'physical' : 'virtual',
    brand,
    currency,
    maskedPan: maskPan(generatePan(brand, r)),
    ...defaultExpiry(createdAt),
    metadata: r.chance(0.5) ? { reference: `CD-${r.digits(6)}` } : {},
    status,
    spendingControls: defaultSpendingControls(currency, () => ids.control.issue(createdMs)),
    is2FAEnabled: r.chance(0.5),
    providerReference: r.hex(24),
    createdAt,
  });
  if (status === 'inactive') {
    const off = now - r.int(5, 40) * DAY;
    deactivatedAt.set(card._id, off);
    card.updatedAt = new Date(Math.max(off, createdMs)).toISOString();
  }
  return card;
}

/** Authorizations over the last ACTIVITY_DAYS days; captures a day or two later; a few refunds. */
function seedActivity({ r, ids, store, now }: Seeding, { cards, deactivatedAt }: Holdings) {
  const from = now - ACTIVITY_DAYS * DAY;
  const until = now - 10 * MINUTE;
  const times = Array.from({ length: Math.min(MAX_AUTHORIZATIONS, cards.length * AUTHORIZATIONS_PER_CARD) }, () =>
    r.int(from, until),
  ).sort((a, b) => a - b);
  const weights = new Map(cards.map((c) => [c._id, r.amount(0.3, 2)]));
  const spent: Spent = new Map(cards.map((c) => [c._id, { net: 0, held: 0 }]));
  const captures: TransactionRecord[] = [];
  for (const t of times) {
    const usable = cards.filter((c) => Date.parse(c.createdAt) < t && t < (deactivatedAt.get(c._id) ?? Infinity));
    if (usable.length === 0) continue;
    const card = r.weighted(usable.map((c) => [c, weights.get(c._id)!] as const));
    const auth: AuthorizationRecord = buildAuthorization(
      { id: ids.authorization.issue(t), card, at: new Date(t), declined: r.chance(0.06) },
      r,
    );
    store.addAuthorization(auth);
    if (!auth.approved) continue;
    const money = spent.get(card._id)!;
    const capturedAt = t + r.int(30 * MINUTE, 2 * DAY);
    if (capturedAt > now) {
      money.held += auth.amount;
      continue;
    }
    const capture = buildCapture(auth, ids.transaction.issue(capturedAt), new Date(capturedAt));
    store.addTransaction(capture);
    captures.push(capture);
    money.net += auth.amount;
    const refundedAt = capturedAt + r.int(1, 7) * DAY;
    if (r.chance(0.05) && refundedAt <= now) {
      store.addTransaction(buildRefund(auth, ids.transaction.issue(refundedAt), new Date(refundedAt)));
      money.net -= auth.amount;
    }
  }
  return { spent, captures };
}

/** Disputes on some captures. */
function seedDisputes({ r, ids, store, businessId, now }: Seeding, captures: TransactionRecord[]): void {
  const disputed = new Set<string>();
  for (let n = 0; n < Math.min(12, Math.ceil(captures.length / 10)); n++) {
    const capture = r.pick(captures);
    const at = Date.parse(capture.createdAt) + r.int(1, 5) * DAY;
    if (disputed.has(capture._id) || at > now) continue;
    disputed.add(capture._id);
    const reason = r.pick(DISPUTE_REASONS);
    const iso = new Date(at).toISOString();
    store.addDispute({
      _id: ids.dispute.issue(at),
      business: businessId,
      transaction: capture._id,
      reason,
      explanation: DISPUTE_EXPLANATIONS[reason] ?? 'The customer disputes this transaction.',
      status: r.weighted([
        ['pending', 70],
        ['won', 15],
        ['lost', 15],
      ] as const),
      metadata: r.chance(0.5) ? { ticket: `DSP-${r.digits(5)}` } : {},
      createdAt: iso,
      updatedAt: iso,
      __v: 0,
    });
  }
}

/** Balances: what was loaded, less what was spent and is still on hold. */
function seedBalances({ r, store }: Seeding, cards: CardRecord[], spent: Spent): void {
  for (const card of cards) {
    const money = spent.get(card._id)!;
    const headroom = card.currency === 'NGN' ? r.amount(10_000, 750_000) : r.amount(15, 1_800);
    const current = Math.round((headroom + money.held) * 100) / 100;
    store.addCard(card, { currentBalance: current, availableBalance: Math.round((current - money.held) * 100) / 100 });
  }
}

/** What tests and tools are told of the seeded world. */
function fixturesOf(
  businessId: string,
  customers: CustomerDirectory,
  customerCount: number,
  { settlement, operations }: BusinessAccounts,
  fundingSources: FundingSourceRecord[],
  { wallets, cards }: Holdings,
): SandboxFixtures {
  const ngnResolvable = [settlement.NGN, operations, ...wallets.filter((w) => w.currency === 'NGN').slice(0, 3)];
  return {
    businessId,
    customerCount,
    sampleCustomerIds: Array.from({ length: Math.min(10, customerCount) }, (_, i) => customers.idOf(i)),
    bankAccounts: ngnResolvable.map((a) => ({
      bankCode: a.bankCode,
      accountNumber: a.accountNumber,
      accountName: a.accountName,
    })),
    fundingSources: fundingSources.map((s) => ({ id: s._id, status: s.status })),
    businessAccounts: [settlement.NGN, operations, settlement.USD].map((a) => ({ id: a._id, currency: a.currency })),
    wallets: wallets.map((w) => ({ id: w._id, customerId: w.customer!, currency: w.currency })),
    cards: cards.map((c) => ({ id: c._id, customerId: c.customer, currency: c.currency, status: c.status })),
  };
}
