// Card activity: authorizations and the transactions (captures, refunds) that follow them.
import type { Currency } from '../../../src-shared/api/records';
import type {
  AuthorizationRecord,
  CardRecord,
  FeeDetailRecord,
  TerminalRecord,
  TransactionRecord,
  VerificationRecord,
} from '../state/records';
import { ATM_UNIT, type Channel, MERCHANTS, type MerchantProfile } from './merchants';
import { PLACES } from './people';
import type { Random } from './random';

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Fee then 7.5% VAT on the fee; the authorization amount includes both. */
function feesFor(channel: Channel, currency: Currency, merchantAmount: number): { fee: number; vat: number } {
  const fee =
    currency === 'USD'
      ? round2(Math.max(0.3, merchantAmount * 0.01))
      : channel === 'atm'
        ? 35
        : round2(Math.min(100, Math.max(10, merchantAmount * 0.005)));
  return { fee, vat: round2(fee * 0.075) };
}

function feeDetails(currency: Currency, fee: number, vat: number): FeeDetailRecord[] {
  return [
    { contract: 'transaction_fee', currency, amount: fee, description: 'Card transaction fee' },
    { contract: 'vat', currency, amount: vat, description: 'VAT (7.5%) on the transaction fee' },
  ];
}

function terminalFor(channel: Channel, r: Random): TerminalRecord {
  const base = { rrn: r.digits(12), stan: r.digits(6), terminalId: `2${r.digits(3)}${r.hex(4).toUpperCase()}` };
  if (channel === 'web') {
    return {
      ...base,
      terminalOperatingEnvironment: 'none',
      terminalAttendance: 'unattended',
      terminalType: 'ecommerce',
      panEntryMode: 'manual',
      pinEntryMode: 'none',
      cardHolderPresence: false,
      cardPresence: false,
    };
  }
  return {
    ...base,
    terminalOperatingEnvironment: 'on_premise',
    terminalAttendance: channel === 'atm' ? 'unattended' : 'attended',
    terminalType: channel,
    panEntryMode: channel === 'pos' && r.chance(0.4) ? 'contactless' : 'chip',
    pinEntryMode: 'pin',
    cardHolderPresence: true,
    cardPresence: true,
  };
}

function verificationFor(channel: Channel, r: Random): VerificationRecord {
  const present = channel !== 'web';
  return {
    billingAddressLine1: 'not_provided',
    billingAddressPostalCode: 'not_provided',
    cvv: present ? 'not_provided' : 'match',
    expiry: 'match',
    pin: present ? 'match' : 'not_provided',
    threeDSecure: !present && r.chance(0.6) ? 'match' : 'not_provided',
    safeToken: 'not_provided',
    authentication: present ? 'pin' : 'not_provided',
  };
}

function cardPresentPlace(r: Random) {
  const p = r.pick(PLACES);
  return { city: p.city, state: p.state, country: 'NG', postalCode: `${p.postal}${r.digits(2)}` };
}

/** Merchants a card can plausibly use: its currency, and card-present channels only for physical cards. */
export function merchantsFor(card: CardRecord): MerchantProfile[] {
  return MERCHANTS.filter((m) => m.currency === card.currency && (card.type === 'physical' || m.channel === 'web'));
}

export interface AuthorizationDraft {
  id: string;
  card: CardRecord;
  at: Date;
  declined: boolean;
}

export function buildAuthorization(d: AuthorizationDraft, r: Random): AuthorizationRecord {
  const m = r.pick(merchantsFor(d.card));
  const merchantAmount = m.channel === 'atm' ? r.int(m.min, m.max) * ATM_UNIT : r.amount(m.min, m.max);
  const { fee, vat } = feesFor(m.channel, d.card.currency, merchantAmount);
  const amount = round2(merchantAmount + fee + vat);
  const place = m.home ?? cardPresentPlace(r);
  const at = d.at.toISOString();
  const channel = m.channel === 'web' && r.chance(0.3) ? 'mobile' : m.channel;
  return {
    _id: d.id,
    business: d.card.business,
    customer: d.card.customer,
    account: d.card.account,
    card: d.card._id,
    amount,
    fee,
    vat,
    approved: !d.declined,
    currency: d.card.currency,
    status: d.declined ? 'declined' : 'approved',
    authorizationMethod: 'online',
    balanceTransactions: [],
    merchantAmount,
    merchantCurrency: m.currency,
    merchant: {
      category: m.category,
      name: m.name,
      merchantId: r.digits(15),
      city: place.city,
      state: place.state,
      country: place.country,
      postalCode: place.postalCode,
    },
    terminal: terminalFor(m.channel, r),
    transactionMetadata: { channel, type: m.kind, reference: r.hex(24) },
    pendingRequest: null,
    requestHistory: [
      {
        amount,
        currency: d.card.currency,
        approved: !d.declined,
        merchantAmount,
        merchantCurrency: m.currency,
        reason: d.declined ? r.pick(['not_allowed', 'suspected_fraud']) : 'webhook_approved',
        createdAt: at,
      },
    ],
    verification: verificationFor(m.channel, r),
    feeDetails: feeDetails(d.card.currency, fee, vat),
    isDeleted: false,
    createdAt: at,
    updatedAt: at,
    __v: 0,
  };
}

/** The capture of an approved authorization: the same movement, signed negative (money left the card). */
export function buildCapture(a: AuthorizationRecord, id: string, at: Date): TransactionRecord {
  return movementOf(a, id, at, 'capture', -1, a.feeDetails);
}

/** A full refund of a capture: positive amounts; the service has been seen to send a null fee entry. */
export function buildRefund(a: AuthorizationRecord, id: string, at: Date): TransactionRecord {
  return movementOf(a, id, at, 'refund', 1, [null]);
}

function movementOf(
  a: AuthorizationRecord,
  id: string,
  at: Date,
  type: 'capture' | 'refund',
  sign: 1 | -1,
  fees: (FeeDetailRecord | null)[],
): TransactionRecord {
  const iso = at.toISOString();
  return {
    _id: id,
    business: a.business,
    customer: a.customer,
    account: a.account,
    card: a.card,
    authorization: a._id,
    amount: sign * a.amount,
    fee: sign * a.fee,
    vat: sign * a.vat,
    currency: a.currency,
    type,
    balanceTransactions: [],
    merchantAmount: sign * a.merchantAmount,
    merchantCurrency: a.merchantCurrency,
    merchant: a.merchant,
    terminal: a.terminal,
    transactionMetadata: a.transactionMetadata,
    feeDetails: fees,
    isDeleted: false,
    createdAt: iso,
    updatedAt: iso,
    __v: 0,
  };
}

export const DISPUTE_EXPLANATIONS: Record<string, string> = {
  not_received: 'The customer paid for an order that was never delivered.',
  fraudulent: 'The customer does not recognise this transaction and still holds the card.',
  duplicate: 'The merchant charged the same order twice.',
  product_not_as_described: 'The item delivered was different from the one advertised.',
  service_not_as_described: 'The subscription did not include the features that were promised.',
  canceled: 'The customer canceled the service but was still charged.',
  other: 'The customer disputes the amount charged at the terminal.',
};

/**
 * The zero-amount verification the issuer runs on every card it issues. Besides being realistic, it
 * makes a new card discoverable through GET /cards/authorizations (the API has no card list), which is
 * how a client reconciles a card request whose answer it never received.
 */
export function buildIssuanceVerification(card: CardRecord, id: string, at: Date, r: Random): AuthorizationRecord {
  const iso = at.toISOString();
  return {
    _id: id,
    business: card.business,
    customer: card.customer,
    account: card.account,
    card: card._id,
    amount: 0,
    fee: 0,
    vat: 0,
    approved: true,
    currency: card.currency,
    status: 'approved',
    authorizationMethod: 'online',
    balanceTransactions: [],
    merchantAmount: 0,
    merchantCurrency: card.currency,
    merchant: {
      category: '6012',
      name: 'Card issuance verification',
      merchantId: r.digits(15),
      city: 'Lagos',
      state: 'Lagos',
      country: 'NG',
      postalCode: '101233',
    },
    terminal: terminalFor('web', r),
    transactionMetadata: { channel: 'web', type: 'payment', reference: r.hex(24) },
    pendingRequest: null,
    requestHistory: [
      {
        amount: 0,
        currency: card.currency,
        approved: true,
        merchantAmount: 0,
        merchantCurrency: card.currency,
        reason: 'webhook_approved',
        createdAt: iso,
      },
    ],
    verification: verificationFor('web', r),
    feeDetails: [],
    isDeleted: false,
    createdAt: iso,
    updatedAt: iso,
    __v: 0,
  };
}
