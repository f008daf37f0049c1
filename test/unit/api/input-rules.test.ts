// Forgiving inputs, strict values: the shared input rules and the request schemas that apply them.
import { describe, expect, it } from 'vitest';
import { inOperatorWords } from '../../../src-shared/api/field-words';
import { compactNumber, hasMoneyPrecision, readAmount, readExpiry } from '../../../src-shared/api/input-rules';
import { makeCreateCardRequestSchema, nameEnquiryRequestSchema } from '../../../src-shared/api/requests';
import { luhnValid } from '../../../src-shared/api/rules';

const NOW = () => new Date('2026-11-23T12:00:00Z');
const schema = makeCreateCardRequestSchema(NOW);
const customerId = '64f0a1b2c3d4e5f6a7b8c9d0';
const account = '64f0a1b2c3d4e5f6a7b8c9d1';

function luhnPan(prefix: string, length: number): string {
  const body = prefix.padEnd(length - 1, '7');
  return `${body}${[...Array(10).keys()].find((d) => luhnValid(`${body}${d}`))}`;
}

describe('input rules', () => {
  it('reads expiry dates the way people write them', () => {
    for (const s of [
      'Jan-2028',
      'jan-2028',
      'JAN 2028',
      'January 2028',
      '01/28',
      '1/28',
      '01/2028',
      '2028-01',
      '01-2028',
    ])
      expect(readExpiry(s), s).toBe('Jan-2028');
    expect(readExpiry('12/29')).toBe('Dec-2029');
    expect(readExpiry('sept 2027')).toBe('Sep-2027');
    for (const s of ['13/28', '2028', 'Jam-2028', '', '01/2/28']) expect(readExpiry(s), s).toBeNull();
  });

  it('drops spaces and dashes from card and account numbers, and nothing else', () => {
    expect(compactNumber('5060 9900 1234-5678')).toBe('5060990012345678');
    expect(compactNumber('visa-card-id')).toBe('visa-card-id');
  });

  it('reads amounts with separators, and knows money has two decimals', () => {
    expect(readAmount('1,500.50')).toBe(1500.5);
    expect(readAmount('₦ 2 000')).toBe(2000);
    expect(readAmount('')).toBeUndefined();
    expect(readAmount('12abc')).toBeNaN();
    expect(hasMoneyPrecision(1.5)).toBe(true);
    expect(hasMoneyPrecision(0.07)).toBe(true);
    expect(hasMoneyPrecision(1.234)).toBe(false);
  });
});

describe('the card request schema applies them', () => {
  const base = {
    customerId,
    type: 'virtual',
    currency: 'NGN',
    status: 'active',
    brand: 'Verve',
    debitAccountId: account,
  };

  it('takes ids in any case and sends them lowercase', () => {
    const r = schema.safeParse({ ...base, customerId: ` ${customerId.toUpperCase()} ` });
    expect(r.success && r.data.customerId).toBe(customerId);
  });

  it('takes a 19-digit PAN with spaces and sends all 19 digits', () => {
    const pan = luhnPan('506099', 19);
    const spaced = pan.replace(/(\d{4})/g, '$1 ').trim();
    const r = schema.safeParse({ ...base, type: 'physical', debitAccountId: undefined, number: spaced });
    expect(r.success && r.data.number).toBe(pan);
    const twenty = schema.safeParse({ ...base, type: 'physical', number: luhnPan('506099', 20) });
    expect(twenty.success).toBe(false);
  });

  it('takes an expiry as 01/28 and sends MMM-YYYY', () => {
    const r = schema.safeParse({ ...base, brand: 'Visa', expirationDate: '01/28' });
    expect(r.success && r.data.expirationDate).toBe('Jan-2028');
  });

  it('refuses an amount with more than two decimals, saying so', () => {
    const r = schema.safeParse({ ...base, amount: 1.234 });
    expect(r.success).toBe(false);
    const message = r.error!.issues.find((i) => i.path[0] === 'amount')!.message;
    expect(message).toBe('amount has more than 2 decimal places');
    expect(inOperatorWords('amount', message)).toMatch(/at most 2 decimal places/);
  });

  it('takes an account number with spaces in a name enquiry', () => {
    const r = nameEnquiryRequestSchema.safeParse({ bankCode: '058', accountNumber: '0123 456 789' });
    expect(r.success && r.data.accountNumber).toBe('0123456789');
  });
});

describe('messages in the operator’s words', () => {
  it('says what to do rather than naming API fields', () => {
    expect(inOperatorWords('customerId', 'customerId is required')).toBe('Choose a customer');
    expect(inOperatorWords('debitAccountId', 'debitAccountId is required for a virtual card')).toBe(
      'Choose the account the card draws on',
    );
    expect(inOperatorWords('spendingControls.spendingLimits.0.interval', 'interval is required')).toBe(
      'Enter the interval',
    );
    expect(inOperatorWords('name', 'name is required')).toBe('name is required');
  });
});
