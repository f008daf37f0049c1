// POST /cards over real HTTP: every rule of docs/api.md broken once (400 naming the field, nothing created),
// and bodies that are not a JSON object.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxHandle } from '../../../src-main/sandbox/index';
import { UNKNOWN_ID, expectError, post } from './api';
import { type CardsSandbox, VERVE_PAN, cardCalls, startCardsSandbox } from './cards-fixture';

let fx: CardsSandbox;
let sb: SandboxHandle;
let withWallet: CardsSandbox['withWallet'];
let otherCustomersWallet: string;
let usdBusiness: string;

beforeAll(async () => {
  fx = await startCardsSandbox();
  ({ sb, withWallet, otherCustomersWallet, usdBusiness } = fx);
});
afterAll(() => sb.stop());

const { newPhysical, newVirtual, authorizationsTotal } = cardCalls(() => fx);

describe('POST /cards: every rule broken once', () => {
  const seededOfAnother = () => sb.fixtures.cards.find((c) => c.customerId !== withWallet.customerId)!.id;
  const inactiveSource = () => sb.fixtures.fundingSources.find((s) => s.status !== 'active')!.id;

  const cases: [string, () => Record<string, unknown>, string | RegExp][] = [
    ['customerId missing', () => newPhysical({ customerId: undefined }), 'customerId is required'],
    ['customerId malformed', () => newPhysical({ customerId: 'cus_123' }), 'customerId must be a 24-character id'],
    ['customerId unknown', () => newPhysical({ customerId: UNKNOWN_ID }), 'customerId is not a known customer'],
    ['type missing', () => newPhysical({ type: undefined }), 'type is required'],
    ['type unknown', () => newPhysical({ type: 'plastic' }), 'type must be one of physical, virtual'],
    ['currency unknown', () => newPhysical({ currency: 'EUR' }), 'currency must be one of NGN, USD'],
    ['status not requestable', () => newPhysical({ status: 'canceled' }), 'status must be one of active, inactive'],
    ['brand unknown', () => newPhysical({ brand: 'Amex' }), 'brand must be one of Verve, AfriGo, MasterCard, Visa'],
    ['issuerCountry unknown', () => newPhysical({ issuerCountry: 'GBR' }), 'issuerCountry must be one of NGA, USA'],
    [
      'number missing on a physical card',
      () => newPhysical({ number: undefined }),
      'number is required for a physical card',
    ],
    ['number too short', () => newPhysical({ number: '506099123456' }), 'number must be a 16 to 19 digit card number'],
    [
      'number failing Luhn',
      () => newPhysical({ number: VERVE_PAN.slice(0, -1) + ((Number(VERVE_PAN.slice(-1)) + 1) % 10) }),
      'number is not a valid card number (Luhn check failed)',
    ],
    [
      'number of another brand (a Visa number for a Verve card)',
      () => newPhysical({ number: '4111111111111111' }),
      'number is a Visa card number, not a Verve one',
    ],
    [
      'number of no brand for a MasterCard',
      () => newPhysical({ brand: 'MasterCard', amount: 10, number: '6011000990139424' }),
      'number is not a MasterCard card number',
    ],
    [
      'debitAccountId missing on a virtual card',
      () => newVirtual({ debitAccountId: undefined }),
      'debitAccountId is required for a virtual card',
    ],
    [
      'debitAccountId unknown',
      () => newVirtual({ debitAccountId: UNKNOWN_ID }),
      'debitAccountId must be a business account or a wallet of this customer',
    ],
    [
      'debitAccountId a wallet of another customer',
      () => newVirtual({ debitAccountId: otherCustomersWallet }),
      'debitAccountId must be a business account or a wallet of this customer',
    ],
    [
      'debitAccountId in another currency',
      () => newVirtual({ debitAccountId: usdBusiness }),
      "debitAccountId must be an account in NGN, the card's currency",
    ],
    [
      'amount missing on a MasterCard',
      () => newVirtual({ brand: 'MasterCard' }),
      'amount is required for a MasterCard',
    ],
    ['amount zero', () => newVirtual({ brand: 'MasterCard', amount: 0 }), 'amount must be more than 0'],
    ['amount not a number', () => newVirtual({ amount: '100' }), 'amount must be a number'],
    [
      'fundingSourceId unknown',
      () => newPhysical({ fundingSourceId: UNKNOWN_ID }),
      'fundingSourceId is not a known funding source',
    ],
    [
      'fundingSourceId inactive',
      () => newPhysical({ fundingSourceId: inactiveSource() }),
      'fundingSourceId must be an active funding source',
    ],
    [
      'bankCode without accountNumber',
      () => newPhysical({ bankCode: '058' }),
      'accountNumber is required to map a card to a bank account',
    ],
    [
      'accountNumber without bankCode',
      () => newPhysical({ accountNumber: '0123456789' }),
      'bankCode is required to map a card to a bank account',
    ],
    [
      'bank account not resolvable',
      () => newPhysical({ bankCode: '058', accountNumber: '0000000001' }),
      'accountNumber is not an account that name enquiry can resolve at this bankCode',
    ],
    [
      'replacementFor without reason',
      () => newPhysical({ replacementFor: UNKNOWN_ID }),
      'reason is required to replace a card',
    ],
    [
      'reason without replacementFor',
      () => newPhysical({ reason: 'lost' }),
      'replacementFor is required to replace a card',
    ],
    [
      'reason unknown',
      () => newPhysical({ replacementFor: UNKNOWN_ID, reason: 'damaged' }),
      'reason must be one of lost, stolen',
    ],
    [
      'replacementFor unknown',
      () => newPhysical({ replacementFor: UNKNOWN_ID, reason: 'lost' }),
      'replacementFor is not a known card',
    ],
    [
      'replacementFor of another customer',
      () => newPhysical({ replacementFor: seededOfAnother(), reason: 'lost' }),
      'replacementFor must be a card of the same customer',
    ],
    [
      'expirationDate on a non-Visa card',
      () => newVirtual({ expirationDate: 'Jan-2028' }),
      'expirationDate is only allowed for Visa cards',
    ],
    [
      'expirationDate malformed',
      () => newVirtual({ brand: 'Visa', expirationDate: '01/2028' }),
      'expirationDate must be MMM-YYYY, for example Jan-2029',
    ],
    [
      'expirationDate in the past',
      () => newVirtual({ brand: 'Visa', expirationDate: 'Feb-2026' }),
      'expirationDate is in the past',
    ],
    [
      'expirationDate beyond three years',
      () => newVirtual({ brand: 'Visa', expirationDate: 'Apr-2029' }),
      'expirationDate is more than 3 years ahead',
    ],
    [
      'a spending limit interval unknown',
      () => newPhysical({ spendingControls: { spendingLimits: [{ amount: 10, interval: 'hourly' }] } }),
      /^interval must be one of per_authorization, daily/,
    ],
    ['metadata with a non-text value', () => newPhysical({ metadata: { seats: 3 } }), /^metadata\.seats is invalid/],
    ['enable2FA not a boolean', () => newPhysical({ enable2FA: 'yes' }), /^enable2FA is invalid/],
  ];

  it.each(cases)('%s', async (_label, body, message) => {
    const before = await authorizationsTotal();
    const a = await post(sb, '/cards', body());
    expectError(a, 400, message);
    expect(await authorizationsTotal()).toBe(before);
  });

  it.each([
    ['not JSON', '{"customerId": ', 'Request body must be JSON'],
    ['empty', '', 'Request body must be JSON'],
    ['a JSON array', '[]', 'Request body must be a JSON object'],
    ['JSON null', 'null', 'Request body must be a JSON object'],
  ])('rejects a body that is %s', async (_label, rawBody, message) => {
    expectError(await post(sb, '/cards', undefined, { rawBody }), 400, message);
  });
});
