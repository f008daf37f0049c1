// The card wizard's form: what the inputs hold (text, as typed) and the request they make for the chosen
// path. Validation is the shared POST /cards schema, run over that request, so the form and main agree.
import type { Resolver, UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { CARD_BRANDS, CURRENCIES, type CHANNELS, type Card, type SpendingControls } from '../../src-shared/api/records';
import { refId } from '../components/cards/cardFields';
import {
  makeCreateCardRequestSchema,
  type CardPath,
  type CreateCardRequest,
  type ISSUER_COUNTRIES,
  type REPLACEMENT_REASONS,
} from '../../src-shared/api/requests';
import { compactNumber, normalizeExpiry, normalizeId, readAmount } from '../../src-shared/api/input-rules';
import { maskPan } from '../../src-shared/api/rules';
import { inWords } from './errorsInWords';

export type { CardPath };

export const PATHS: { path: CardPath; title: string; detail: string }[] = [
  { path: 'new', title: 'A new card', detail: 'Issue a new physical or virtual card to a customer.' },
  {
    path: 'fundingSource',
    title: 'Map to a funding source',
    detail: 'A card drawing on an existing funding source of the business.',
  },
  {
    path: 'bankAccount',
    title: 'Map to a bank account',
    detail: "A card on an existing bank account, after confirming the holder's name.",
  },
  {
    path: 'replace',
    title: 'Replace a lost or stolen card',
    detail: 'The old card is cancelled; the new one keeps its customer and account.',
  },
];

export interface LimitInput {
  amount: string;
  interval: string;
  /** Comma-separated merchant categories; empty for every category. */
  categories: string;
}

export interface CardFormValues {
  customerId: string;
  type: 'physical' | 'virtual';
  currency: (typeof CURRENCIES)[number];
  status: 'active' | 'inactive';
  brand: (typeof CARD_BRANDS)[number];
  issuerCountry: (typeof ISSUER_COUNTRIES)[number];
  number: string;
  debitAccountId: string;
  amount: string;
  expirationDate: string;
  enable2FA: boolean;
  sendPINSMS: boolean;
  fundingSourceId: string;
  bankCode: string;
  accountNumber: string;
  replacementFor: string;
  reason: '' | (typeof REPLACEMENT_REASONS)[number];
  spendingControls: {
    channels: Record<(typeof CHANNELS)[number], boolean>;
    allowedCategories: string;
    blockedCategories: string;
    spendingLimits: LimitInput[];
  };
}

export const emptyCardForm = (customerId = ''): CardFormValues => ({
  customerId,
  type: 'virtual',
  currency: 'NGN',
  status: 'active',
  brand: 'Verve',
  issuerCountry: 'NGA',
  number: '',
  debitAccountId: '',
  amount: '',
  expirationDate: '',
  enable2FA: false,
  sendPINSMS: false,
  fundingSourceId: '',
  bankCode: '',
  accountNumber: '',
  replacementFor: '',
  reason: '',
  spendingControls: {
    channels: { atm: true, pos: true, web: true, mobile: true },
    allowedCategories: '',
    blockedCategories: '',
    spendingLimits: [],
  },
});

/** A card's spending controls as the form holds them (a replacement starts from the old card's). */
export function controlsInput(controls: SpendingControls | null | undefined): CardFormValues['spendingControls'] {
  const empty = emptyCardForm().spendingControls;
  if (!controls) return empty;
  const ch = controls.channels ?? {};
  return {
    channels: {
      atm: ch.atm ?? empty.channels.atm,
      pos: ch.pos ?? empty.channels.pos,
      web: ch.web ?? empty.channels.web,
      mobile: ch.mobile ?? empty.channels.mobile,
    },
    allowedCategories: (controls.allowedCategories ?? []).join(', '),
    blockedCategories: (controls.blockedCategories ?? []).join(', '),
    spendingLimits: (controls.spendingLimits ?? []).map((l) => ({
      amount: String(l.amount),
      interval: l.interval,
      categories: (l.categories ?? []).join(', '),
    })),
  };
}

/**
 * The form's first values: empty, or, replacing a card, that card's customer, kind, brand, currency,
 * spending controls and 2FA.
 */
export function firstCardValues(customerId: string | undefined, replacing: Card | undefined): CardFormValues {
  if (!replacing) return emptyCardForm(customerId);
  const empty = emptyCardForm(refId(replacing.customer) ?? customerId);
  const of = <T extends string>(value: string | undefined, allowed: readonly T[], fallback: T): T =>
    (allowed as readonly string[]).includes(value ?? '') ? (value as T) : fallback;
  return {
    ...empty,
    replacementFor: replacing._id,
    type: of(replacing.type, ['physical', 'virtual'] as const, empty.type),
    brand: of(replacing.brand, CARD_BRANDS, empty.brand),
    currency: of(replacing.currency, CURRENCIES, empty.currency),
    enable2FA: replacing.is2FAEnabled === true,
    spendingControls: controlsInput(replacing.spendingControls),
  };
}

/** What the wizard knows besides the inputs. */
export interface CardFormChoices {
  path: CardPath;
  useDefaultControls: boolean;
}

const text = (s: string): string | undefined => (s.trim() === '' ? undefined : s.trim());
/** Text read with a shared input rule (the schema applies it again), so the review shows what is sent. */
const read = (s: string, rule: (t: string) => string): string | undefined => {
  const t = text(s);
  return t === undefined ? undefined : rule(t);
};
const amountOf = readAmount;
const listOf = (s: string): string[] =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** The request the inputs make for the chosen path: only that path's fields, empty inputs left out. */
export function toCardRequest(
  v: CardFormValues,
  { path, useDefaultControls }: CardFormChoices,
): Record<string, unknown> {
  const r: Record<string, unknown> = {
    customerId: read(v.customerId, normalizeId),
    type: v.type,
    currency: v.currency,
    status: v.status,
    brand: v.brand,
    issuerCountry: v.issuerCountry,
  };
  if (v.type === 'physical') r.number = read(v.number, compactNumber);
  // A replacement keeps the account of the card it replaces unless one is given (when the service asks for it).
  else r.debitAccountId = read(v.debitAccountId, normalizeId);
  r.amount = amountOf(v.amount);
  if (v.brand === 'Visa') r.expirationDate = read(v.expirationDate, normalizeExpiry);
  if (v.enable2FA) r.enable2FA = true;
  if (v.sendPINSMS) r.sendPINSMS = true;
  if (path === 'fundingSource') r.fundingSourceId = read(v.fundingSourceId, normalizeId);
  if (path === 'bankAccount') {
    r.bankCode = text(v.bankCode);
    r.accountNumber = read(v.accountNumber, compactNumber);
  }
  if (path === 'replace') {
    r.replacementFor = read(v.replacementFor, normalizeId);
    r.reason = v.reason === '' ? undefined : v.reason;
  }
  if (!useDefaultControls) {
    const c = v.spendingControls;
    r.spendingControls = {
      channels: { ...c.channels },
      allowedCategories: listOf(c.allowedCategories),
      blockedCategories: listOf(c.blockedCategories),
      spendingLimits: c.spendingLimits.map((l) => {
        const categories = listOf(l.categories);
        return { amount: amountOf(l.amount), interval: l.interval, ...(categories.length ? { categories } : {}) };
      }),
    };
  }
  for (const key of Object.keys(r)) if (r[key] === undefined) delete r[key];
  return r;
}

/**
 * The fields that make a path what it is. The shared rules ask for a path's fields once one of them is
 * given; which path the user means only the wizard knows, so it asks for them from the start.
 */
const PATH_FIELDS: Record<CardPath, [keyof CardFormValues, string][]> = {
  new: [],
  fundingSource: [['fundingSourceId', 'fundingSourceId is required to map a card to a funding source']],
  bankAccount: [
    ['bankCode', 'bankCode is required to map a card to a bank account'],
    ['accountNumber', 'accountNumber is required to map a card to a bank account'],
  ],
  replace: [
    ['replacementFor', 'replacementFor is required to replace a card'],
    ['reason', 'reason is required to replace a card'],
  ],
};

type CardResolver = Resolver<CardFormValues, unknown, CreateCardRequest>;

/** The shared schema as a react-hook-form resolver over the request the current choices make. */
export function cardRequestResolver(choices: () => CardFormChoices): CardResolver {
  const resolve = zodResolver(makeCreateCardRequestSchema());
  return async (values, context, options) => {
    const current = choices();
    const request = toCardRequest(values, current);
    let result = (await resolve(request as never, context, options as never)) as Awaited<ReturnType<CardResolver>>;
    if (request.customerId === undefined) {
      // zod skips the cross-field rules while a required field is missing. The customer comes from a
      // picker, so the other rules are checked as if one were chosen, and the missing customer is kept.
      const rest = (await resolve(
        { ...request, customerId: '0'.repeat(24) } as never,
        context,
        options as never,
      )) as Awaited<ReturnType<CardResolver>>;
      result = { values: {}, errors: { ...rest.errors, customerId: result.errors.customerId } };
    }
    const missing = PATH_FIELDS[current.path].filter(([field]) => request[field] === undefined);
    if (missing.length === 0 && Object.keys(result.errors).length === 0) return result;
    const errors: Record<string, { type: string; message: string }> = {
      ...(result.errors as Record<string, { type: string; message: string }>),
    };
    // Until the card to replace is chosen the request does not look like a replacement yet; it never needs a debit account.
    if (current.path === 'replace') delete errors.debitAccountId;
    for (const [field, message] of missing) errors[field] ??= { type: 'required', message };
    return { values: {}, errors: inWords(errors) };
  };
}

/** The request as shown before sending: a card number is never shown in full. */
export function displayedRequest(request: object): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(request)) as Record<string, unknown>;
  if (typeof copy.number === 'string' && copy.number) {
    copy.number = /^\d{10,}$/.test(copy.number)
      ? maskPan(copy.number)
      : `${'*'.repeat(Math.max(0, copy.number.length - 4))}${copy.number.slice(-4)}`;
  }
  return copy;
}

/** Which wizard step shows a field, so an error from the service can be shown where it belongs. */
export function stepOfField(field: string): 'details' | 'controls' {
  return field.startsWith('spendingControls') ? 'controls' : 'details';
}

/** docs/api.md: what the service applies when no spending controls are sent. */
export const DEFAULT_CONTROLS_TEXT: Record<(typeof CURRENCIES)[number], string> = {
  NGN: 'NGN cards: at most ₦20,000.00 per ATM authorization and ₦500,000.00 per POS or web authorization; all channels open.',
  USD: 'USD cards: no spending limits; all channels open.',
};

/** The wizard's form, as its parts receive it. */
export type CardForm = UseFormReturn<CardFormValues, unknown, CreateCardRequest>;
