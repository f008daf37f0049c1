// The sandbox's mutable state for the life of the process: seeded records plus whatever POST /cards and
// POST /accounts create. Lists are kept newest first, the order the list endpoints answer in.
import type {
  AccountRecord,
  AuthorizationRecord,
  BalanceRecord,
  CardRecord,
  DisputeRecord,
  FundingSourceRecord,
  TransactionRecord,
} from './records';

const bankKey = (bankCode: string, accountNumber: string) => `${bankCode}:${accountNumber}`;
/** Inserts keeping newest first; a record as new as the newest goes first (latest created wins ties). */
function insertNewestFirst<T extends { createdAt: string }>(list: T[], item: T): void {
  let i = 0;
  while (i < list.length && list[i]!.createdAt > item.createdAt) i++;
  list.splice(i, 0, item);
}

export class SandboxStore {
  /** Bumped on every change; part of the customer list's ETag. */
  version = 0;
  readonly accounts: AccountRecord[] = [];
  readonly fundingSources: FundingSourceRecord[] = [];
  readonly authorizations: AuthorizationRecord[] = [];
  readonly transactions: TransactionRecord[] = [];
  readonly disputes: DisputeRecord[] = [];
  private readonly accountsById = new Map<string, AccountRecord>();
  private readonly accountsByBank = new Map<string, AccountRecord>();
  private readonly cards = new Map<string, CardRecord>();
  private readonly balances = new Map<string, BalanceRecord>();
  private readonly transactionsByCard = new Map<string, TransactionRecord[]>();
  private readonly fundingSourcesById = new Map<string, FundingSourceRecord>();
  private readonly authorizationsById = new Map<string, AuthorizationRecord>();

  constructor(
    readonly businessId: string,
    readonly businessName: string,
  ) {}

  addAccount(account: AccountRecord): void {
    insertNewestFirst(this.accounts, account);
    this.accountsById.set(account._id, account);
    this.accountsByBank.set(bankKey(account.bankCode, account.accountNumber), account);
    this.version++;
  }

  /** Takes an amount out of an account (a card funded from it): both balances drop, as the next read shows. */
  moveFromAccount(account: AccountRecord, amount: number, at: string): void {
    const round2 = (n: number) => Math.round(n * 100) / 100;
    account.currentBalance = round2(account.currentBalance - amount);
    account.availableBalance = round2(account.availableBalance - amount);
    account.updatedAt = at;
    this.version++;
  }

  account(id: string): AccountRecord | undefined {
    return this.accountsById.get(id);
  }

  /** The account that name enquiry resolves for these bank details. */
  accountByBank(bankCode: string, accountNumber: string): AccountRecord | undefined {
    return this.accountsByBank.get(bankKey(bankCode, accountNumber));
  }

  isAccountNumberTaken(bankCode: string, accountNumber: string): boolean {
    return this.accountsByBank.has(bankKey(bankCode, accountNumber));
  }

  addFundingSource(source: FundingSourceRecord): void {
    insertNewestFirst(this.fundingSources, source);
    this.fundingSourcesById.set(source._id, source);
    this.version++;
  }

  fundingSource(id: string): FundingSourceRecord | undefined {
    return this.fundingSourcesById.get(id);
  }

  addCard(card: CardRecord, balance: BalanceRecord): void {
    this.cards.set(card._id, card);
    this.balances.set(card._id, balance);
    this.version++;
  }

  card(id: string): CardRecord | undefined {
    return this.cards.get(id);
  }

  allCards(): CardRecord[] {
    return [...this.cards.values()];
  }

  balance(cardId: string): BalanceRecord | undefined {
    return this.balances.get(cardId);
  }

  /** Marks a card changed (its status or balance moved). */
  touchCard(card: CardRecord, at: string): void {
    card.updatedAt = at;
    this.version++;
  }

  addAuthorization(authorization: AuthorizationRecord): void {
    insertNewestFirst(this.authorizations, authorization);
    this.authorizationsById.set(authorization._id, authorization);
    this.version++;
  }

  authorization(id: string): AuthorizationRecord | undefined {
    return this.authorizationsById.get(id);
  }

  addTransaction(transaction: TransactionRecord): void {
    insertNewestFirst(this.transactions, transaction);
    const own = this.transactionsByCard.get(transaction.card) ?? [];
    insertNewestFirst(own, transaction);
    this.transactionsByCard.set(transaction.card, own);
    this.version++;
  }

  transactionsOf(cardId: string): readonly TransactionRecord[] {
    return this.transactionsByCard.get(cardId) ?? [];
  }

  addDispute(dispute: DisputeRecord): void {
    insertNewestFirst(this.disputes, dispute);
    this.version++;
  }
}
