// Card numbers, expiry and spending controls, shared by seeding and by POST /cards.
import type { Currency } from '../../../src-shared/api/records';
import type { SpendingControlsInput } from '../../../src-shared/api/requests';
import { MAX_CARD_VALIDITY_YEARS, luhnValid } from '../../../src-shared/api/rules';
import type { Random } from './random';
import type { CardBrand, CardRecord, SpendingControlsRecord } from '../state/records';

/** Issuer prefixes and PAN lengths per brand (Verve PANs are commonly 19 digits). */
const PAN_SHAPES: Record<CardBrand, { prefix: string; length: number }> = {
  Verve: { prefix: '506099', length: 19 },
  AfriGo: { prefix: '564011', length: 16 },
  MasterCard: { prefix: '539983', length: 16 },
  Visa: { prefix: '408408', length: 16 },
};

/** A Luhn-valid PAN of the brand's shape. */
export function generatePan(brand: CardBrand, r: Random): string {
  const { prefix, length } = PAN_SHAPES[brand];
  const body = prefix + r.digits(length - prefix.length - 1);
  for (let d = 0; d <= 9; d++) if (luhnValid(body + d)) return body + d;
  throw new Error('unreachable: one check digit always satisfies Luhn');
}

/** A `number` given on creation is a PAN when it is 12 to 19 digits; a Visa card id is not. */
export function looksLikePan(number: string | undefined): number is string {
  return typeof number === 'string' && /^\d{12,19}$/.test(number);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The longest validity allowed: the same month, MAX_CARD_VALIDITY_YEARS years on. */
export function defaultExpiry(now: Date): { expiryMonth: string; expiryYear: string } {
  return {
    expiryMonth: pad2(now.getUTCMonth() + 1),
    expiryYear: String(now.getUTCFullYear() + MAX_CARD_VALIDITY_YEARS),
  };
}

const ALL_CHANNELS = { atm: true, pos: true, web: true, mobile: true };

/** docs/api.md: NGN cards 20,000 per ATM authorization and 500,000 per POS/web authorization; USD none. */
export function defaultSpendingControls(currency: Currency, newId: () => string): SpendingControlsRecord {
  return {
    _id: newId(),
    allowedCategories: [],
    blockedCategories: [],
    channels: { _id: newId(), ...ALL_CHANNELS },
    spendingLimits:
      currency === 'NGN'
        ? [
            { _id: newId(), amount: 20_000, interval: 'per_authorization', categories: [], channels: ['atm'] },
            { _id: newId(), amount: 500_000, interval: 'per_authorization', categories: [], channels: ['pos', 'web'] },
          ]
        : [],
  };
}

/** Spending controls as sent on creation, completed with ids and the defaults of absent parts. */
export function spendingControlsFrom(input: SpendingControlsInput, newId: () => string): SpendingControlsRecord {
  return {
    _id: newId(),
    allowedCategories: input.allowedCategories ?? [],
    blockedCategories: input.blockedCategories ?? [],
    channels: { _id: newId(), ...ALL_CHANNELS, ...input.channels },
    spendingLimits: (input.spendingLimits ?? []).map((l) => ({
      _id: newId(),
      amount: l.amount,
      interval: l.interval,
      categories: l.categories ?? [],
    })),
  };
}

/** What differs between cards; `cardRecord` fills in the rest of the stored record. */
export type CardFields = Pick<
  CardRecord,
  | 'business'
  | 'customer'
  | 'account'
  | 'fundingSource'
  | 'type'
  | 'brand'
  | 'currency'
  | 'maskedPan'
  | 'expiryMonth'
  | 'expiryYear'
  | 'metadata'
  | 'status'
  | 'spendingControls'
  | 'is2FAEnabled'
  | 'providerReference'
> & { id: string; createdAt: Date };

/** A card record with the service's constant fields filled in (`version` "v1", `__v` 0, no fees yet). */
export function cardRecord(f: CardFields): CardRecord {
  const at = f.createdAt.toISOString();
  return {
    _id: f.id,
    business: f.business,
    customer: f.customer,
    account: f.account,
    fundingSource: f.fundingSource,
    program: null,
    type: f.type,
    brand: f.brand,
    currency: f.currency,
    maskedPan: f.maskedPan,
    expiryMonth: f.expiryMonth,
    expiryYear: f.expiryYear,
    metadata: f.metadata,
    status: f.status,
    spendingControls: f.spendingControls,
    is2FAEnabled: f.is2FAEnabled,
    is2FAEnrolled: false,
    isDefaultPINChanged: false,
    disposable: false,
    refundAccount: null,
    providerReference: f.providerReference,
    isDigitalized: false,
    failedTransactionCount: 0,
    minimumBalance: 0,
    version: 'v1',
    accumulatedFees: 0,
    totalFeesCharged: 0,
    feeChargeDay: f.createdAt.getUTCDate(),
    isDeleted: false,
    createdAt: at,
    updatedAt: at,
    __v: 0,
  };
}
