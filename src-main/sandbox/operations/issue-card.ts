// POST /cards: the shared request rules first, then the checks only the service's state can answer,
// then the card. The four paths: new, mapped to a funding source, mapped to a bank account, replacement.
// Every new card gets the issuer's zero-amount verification, so it shows in GET /cards/authorizations.
import type { z } from 'zod';
import { type CreateCardRequest, cardPathOf, makeCreateCardRequestSchema } from '../../../src-shared/api/requests';
import { maskPan, parseExpirationDate } from '../../../src-shared/api/rules';
import {
  cardRecord,
  defaultExpiry,
  defaultSpendingControls,
  generatePan,
  looksLikePan,
  spendingControlsFrom,
} from '../data/card-details';
import { buildIssuanceVerification } from '../data/activity';
import { firstIssueMessage } from '../http/issues';
import type { Outcome, SandboxDeps } from '../state/deps';
import type { AccountRecord, CardRecord, FundingSourceRecord } from '../state/records';

const round2 = (n: number) => Math.round(n * 100) / 100;
const fail = (message: string): Outcome<never> => ({ ok: false, message });

/** An expiry on the wire is exactly `MMM-YYYY` (decisions: `Jan-2029`); a missing or non-text one is the schema's to judge. */
function wireExpiryOk(body: unknown): boolean {
  if (typeof body !== 'object' || body === null || !('expirationDate' in body)) return true;
  const expiry = body.expirationDate;
  return typeof expiry !== 'string' || /^[A-Z][a-z]{2}-\d{4}$/.test(expiry);
}

export class CardIssuer {
  private readonly schema: z.ZodType<CreateCardRequest>;

  constructor(private readonly deps: SandboxDeps) {
    this.schema = makeCreateCardRequestSchema(deps.now);
  }

  issue(body: unknown): Outcome<CardRecord> {
    // The app's shared schema reads an expiry as people type it; the service takes only MMM-YYYY on the wire.
    if (!wireExpiryOk(body)) return fail('expirationDate must be MMM-YYYY, for example Jan-2029');
    const parsed = this.schema.safeParse(body);
    if (!parsed.success) return fail(firstIssueMessage(parsed.error, 'The card request is invalid'));
    const req = parsed.data;
    const { store, customers } = this.deps;

    if (!customers.has(req.customerId)) return fail('customerId is not a known customer');

    let debitAccount: AccountRecord | undefined;
    if (req.debitAccountId) {
      debitAccount = store.account(req.debitAccountId);
      const usable =
        debitAccount &&
        ((debitAccount.type === 'account' && !debitAccount.customer) ||
          (debitAccount.type === 'wallet' && debitAccount.customer === req.customerId));
      if (!debitAccount || !usable)
        return fail('debitAccountId must be a business account or a wallet of this customer');
      if (debitAccount.currency !== req.currency)
        return fail(`debitAccountId must be an account in ${req.currency}, the card's currency`);
    }

    let fundingSource: FundingSourceRecord | undefined;
    if (req.fundingSourceId) {
      fundingSource = store.fundingSource(req.fundingSourceId);
      if (!fundingSource) return fail('fundingSourceId is not a known funding source');
      if (fundingSource.status !== 'active') return fail('fundingSourceId must be an active funding source');
    }

    let mappedAccount: AccountRecord | undefined;
    if (req.bankCode && req.accountNumber) {
      mappedAccount = store.accountByBank(req.bankCode, req.accountNumber);
      if (!mappedAccount) return fail('accountNumber is not an account that name enquiry can resolve at this bankCode');
    }

    let replaced: CardRecord | undefined;
    if (req.replacementFor) {
      replaced = store.card(req.replacementFor);
      if (!replaced) return fail('replacementFor is not a known card');
      if (replaced.customer !== req.customerId) return fail('replacementFor must be a card of the same customer');
      if (replaced.status === 'canceled') return fail('replacementFor is already canceled');
    }

    // The funding amount moves from the account the card draws on to the card: it must be there to move.
    const found = { debitAccount, fundingSource, mappedAccount, replaced };
    const drawsOn = this.accountOf(req, found);
    if (req.amount && drawsOn && round2(drawsOn.availableBalance - req.amount) < 0)
      return fail('amount is more than the available balance of the account the card draws on');
    return { ok: true, value: this.create(req, found, drawsOn) };
  }

  /** The account a new card draws on: the old card's, the mapped one, the debit account or the default. */
  private accountOf(
    req: CreateCardRequest,
    found: { debitAccount?: AccountRecord; mappedAccount?: AccountRecord; replaced?: CardRecord },
  ): AccountRecord | undefined {
    const path = cardPathOf(req);
    if (path === 'replace') return this.deps.store.account(found.replaced!.account);
    if (path === 'bankAccount') return found.mappedAccount;
    return found.debitAccount ?? this.defaultAccount(req.customerId, req.currency);
  }

  private create(
    req: CreateCardRequest,
    found: {
      debitAccount?: AccountRecord;
      fundingSource?: FundingSourceRecord;
      mappedAccount?: AccountRecord;
      replaced?: CardRecord;
    },
    drawsOn: AccountRecord | undefined,
  ): CardRecord {
    const { store, ids, random } = this.deps;
    const now = this.deps.now();
    const nowMs = now.getTime();
    const path = cardPathOf(req);
    const account = path === 'replace' ? found.replaced!.account : drawsOn!._id;
    const fundingSource =
      found.fundingSource?._id ??
      (path === 'replace' ? found.replaced!.fundingSource : this.defaultFundingSource()._id);
    const visaExpiry = req.brand === 'Visa' && req.expirationDate ? parseExpirationDate(req.expirationDate) : null;
    const newId = () => ids.control.issue(nowMs);

    const card = cardRecord({
      id: ids.card.issue(nowMs),
      business: store.businessId,
      customer: req.customerId,
      account,
      fundingSource,
      type: req.type,
      brand: req.brand,
      currency: req.currency,
      maskedPan: maskPan(looksLikePan(req.number) ? req.number : generatePan(req.brand, random)),
      ...(visaExpiry
        ? { expiryMonth: String(visaExpiry.month).padStart(2, '0'), expiryYear: String(visaExpiry.year) }
        : defaultExpiry(now)),
      metadata: req.metadata ?? {},
      status: req.status,
      spendingControls: req.spendingControls
        ? spendingControlsFrom(req.spendingControls, newId)
        : defaultSpendingControls(req.currency, newId),
      is2FAEnabled: req.enable2FA ?? false,
      providerReference: random.hex(24),
      createdAt: now,
    });

    // A replacement carries the old card's balance over; the old card is canceled and emptied.
    let balance = req.amount ?? 0;
    if (found.replaced) {
      const old = store.balance(found.replaced._id);
      balance += old?.currentBalance ?? 0;
      if (old) old.currentBalance = old.availableBalance = 0;
      found.replaced.status = 'canceled';
      store.touchCard(found.replaced, now.toISOString());
    }
    if (req.amount && drawsOn) store.moveFromAccount(drawsOn, req.amount, now.toISOString());
    store.addCard(card, { currentBalance: round2(balance), availableBalance: round2(balance) });
    store.addAuthorization(buildIssuanceVerification(card, ids.authorization.issue(nowMs), now, random));
    return card;
  }

  /** Without a debit account, a card draws on the customer's wallet in its currency, else the business account. */
  private defaultAccount(customerId: string, currency: string): AccountRecord {
    const { accounts } = this.deps.store;
    return (
      accounts.find((a) => a.type === 'wallet' && a.customer === customerId && a.currency === currency) ??
      accounts.find((a) => a.type === 'account' && !a.customer && a.currency === currency && a.isDefault) ??
      accounts.find((a) => a.type === 'account' && !a.customer && a.currency === currency)!
    );
  }

  private defaultFundingSource(): FundingSourceRecord {
    const { fundingSources } = this.deps.store;
    return (
      fundingSources.find((s) => s.type === 'default' && s.status === 'active') ??
      fundingSources.find((s) => s.status === 'active')!
    );
  }
}
