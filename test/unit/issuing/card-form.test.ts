// The wizard's form model: only the chosen path's fields reach the request, empty inputs are left out, and
// the shared schema (plus the path's own fields) decides which messages the form shows.
import { describe, expect, it } from 'vitest';
import type { FieldErrors } from 'react-hook-form';
import {
  cardRequestResolver,
  displayedRequest,
  emptyCardForm,
  firstCardValues,
  toCardRequest,
  type CardFormChoices,
  type CardFormValues,
} from '../../../src-renderer/writes/cardForm';

const CUSTOMER = 'c'.repeat(24);
const ACCOUNT = 'a'.repeat(24);
const filled = (patch: Partial<CardFormValues> = {}): CardFormValues => ({
  ...emptyCardForm(CUSTOMER),
  debitAccountId: ACCOUNT,
  ...patch,
});

async function messages(values: CardFormValues, choices: CardFormChoices): Promise<Record<string, string>> {
  const resolver = cardRequestResolver(() => choices);
  const { errors } = await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  const flat: Record<string, string> = {};
  const walk = (e: FieldErrors, prefix: string) => {
    for (const [k, v] of Object.entries(e)) {
      if (!v) continue;
      if (typeof (v as { message?: unknown }).message === 'string')
        flat[prefix + k] = (v as { message: string }).message;
      else walk(v as FieldErrors, `${prefix}${k}.`);
    }
  };
  walk(errors, '');
  return flat;
}

describe('card form', () => {
  it('starts a replacement from the old card’s spending controls and 2FA', () => {
    const v = firstCardValues(undefined, {
      _id: 'd'.repeat(24),
      customer: CUSTOMER,
      type: 'virtual',
      brand: 'Verve',
      currency: 'NGN',
      is2FAEnabled: true,
      spendingControls: {
        channels: { atm: false, pos: true, web: true, mobile: false },
        blockedCategories: ['5933'],
        spendingLimits: [{ amount: 750_000, interval: 'monthly' }],
      },
    });
    expect(v).toMatchObject({ customerId: CUSTOMER, replacementFor: 'd'.repeat(24), enable2FA: true });
    expect(toCardRequest(v, { path: 'replace', useDefaultControls: false })).toMatchObject({
      enable2FA: true,
      spendingControls: {
        channels: { atm: false, pos: true, web: true, mobile: false },
        blockedCategories: ['5933'],
        spendingLimits: [{ amount: 750_000, interval: 'monthly' }],
      },
    });
  });

  it('sends only the chosen path’s fields, without empty inputs', () => {
    const v = filled({
      fundingSourceId: 'b'.repeat(24),
      bankCode: '058',
      accountNumber: '0123456789',
      replacementFor: 'd'.repeat(24),
      reason: 'lost',
      expirationDate: 'Jan-2029',
    });
    expect(toCardRequest(v, { path: 'new', useDefaultControls: true })).toEqual({
      customerId: CUSTOMER,
      type: 'virtual',
      currency: 'NGN',
      status: 'active',
      brand: 'Verve',
      issuerCountry: 'NGA',
      debitAccountId: ACCOUNT,
    });
    expect(toCardRequest(v, { path: 'fundingSource', useDefaultControls: true })).toMatchObject({
      fundingSourceId: 'b'.repeat(24),
    });
    expect(toCardRequest(v, { path: 'bankAccount', useDefaultControls: true })).toMatchObject({
      bankCode: '058',
      accountNumber: '0123456789',
    });
    expect(toCardRequest(v, { path: 'replace', useDefaultControls: true })).toMatchObject({
      replacementFor: 'd'.repeat(24),
      reason: 'lost',
    });
    // A replacement keeps the old card's account: no debit account is sent unless one is given (the service
    // asked for it, and the details step gained the field).
    expect(
      toCardRequest({ ...v, debitAccountId: '' }, { path: 'replace', useDefaultControls: true }),
    ).not.toHaveProperty('debitAccountId');
    expect(toCardRequest(v, { path: 'replace', useDefaultControls: true })).toMatchObject({
      debitAccountId: ACCOUNT,
    });
    expect(
      toCardRequest(filled({ type: 'physical', number: ' 5060 ' }), { path: 'new', useDefaultControls: true }),
    ).toMatchObject({ number: '5060' });
    expect(toCardRequest(filled({ type: 'physical' }), { path: 'new', useDefaultControls: true })).not.toHaveProperty(
      'debitAccountId',
    );
  });

  it('turns the controls editor into spending controls, or leaves them out for the defaults', () => {
    const v = filled();
    v.spendingControls = {
      channels: { atm: false, pos: true, web: true, mobile: false },
      allowedCategories: 'grocery, fuel ,',
      blockedCategories: '',
      spendingLimits: [
        { amount: '20000', interval: 'per_authorization', categories: '' },
        { amount: '5', interval: 'all_time', categories: 'atm' },
      ],
    };
    expect(toCardRequest(v, { path: 'new', useDefaultControls: false }).spendingControls).toEqual({
      channels: { atm: false, pos: true, web: true, mobile: false },
      allowedCategories: ['grocery', 'fuel'],
      blockedCategories: [],
      spendingLimits: [
        { amount: 20000, interval: 'per_authorization' },
        { amount: 5, interval: 'all_time', categories: ['atm'] },
      ],
    });
    expect(toCardRequest(v, { path: 'new', useDefaultControls: true })).not.toHaveProperty('spendingControls');
  });

  it('shows the shared rules’ messages in the operator’s words, also while no customer is chosen', async () => {
    const newCard = { path: 'new', useDefaultControls: true } as const;
    expect(await messages(filled(), newCard)).toEqual({});
    expect(await messages(filled({ customerId: '', debitAccountId: '' }), newCard)).toEqual({
      customerId: 'Choose a customer',
      debitAccountId: 'Choose the account the card draws on',
    });
    // A virtual replacement asks for no debit account.
    expect(
      await messages(filled({ debitAccountId: '', replacementFor: 'd'.repeat(24), reason: 'lost' }), {
        path: 'replace',
        useDefaultControls: true,
      }),
    ).toEqual({});
    expect(await messages(filled({ type: 'physical', number: '5060990000000001' }), newCard)).toEqual({
      number: 'This is not a valid card number: a digit is wrong or missing (the check digit does not match)',
    });
    expect(await messages(filled({ brand: 'MasterCard' }), newCard)).toEqual({
      amount: 'Enter a funding amount: a MasterCard needs one',
    });
    expect(await messages(filled({ brand: 'Visa', expirationDate: 'Jan 2029 or so' }), newCard)).toEqual({
      expirationDate: 'Enter the expiry as a month and a year, such as Jan-2029 or 01/29',
    });
  });

  it('asks for the fields that make the chosen path', async () => {
    expect(await messages(filled(), { path: 'replace', useDefaultControls: true })).toEqual({
      replacementFor: 'Choose the card to replace',
      reason: 'Choose why the card is replaced: lost or stolen',
    });
    expect(await messages(filled({ bankCode: '058' }), { path: 'bankAccount', useDefaultControls: true })).toEqual({
      accountNumber: 'Enter the account number of the bank account',
    });
    expect(await messages(filled(), { path: 'fundingSource', useDefaultControls: true })).toEqual({
      fundingSourceId: 'Choose a funding source',
    });
  });

  it('shows a card number masked in the review', () => {
    expect(displayedRequest({ number: '5061460410120223210', brand: 'Verve' })).toEqual({
      number: '506146*********3210',
      brand: 'Verve',
    });
  });
});
