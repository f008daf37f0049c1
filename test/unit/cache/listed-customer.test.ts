// A listed customer is read from a row's plain columns: its name cut from the name words by the `shown`
// count (or given whole), and the words the name leaves out as other names.
import { describe, expect, it } from 'vitest';
import { listedCustomer, type ListedRow } from '../../../src-main/cache/store/listed-customer';
import { KYC_APPROVED } from '../../../src-main/cache/search/search-fields';

const CREATED = Date.UTC(2026, 10, 2, 9, 30);

/** A row as LISTED_COLUMNS reads it: seq, id, names, email, phone, kyc, created, shown, sealed_in, sealed_at. */
const row = (names: string, shown: number | string | null): ListedRow => [
  7,
  '5e0000000000000000000007',
  names,
  'ada@example.ng',
  '8031234567',
  KYC_APPROVED,
  CREATED,
  shown,
  null,
  null,
];

describe('listedCustomer', () => {
  it.each([
    ['the first two words of three', 'Ada Bello Kemi', 2, 'Ada Bello', 'Kemi'],
    ['every word', 'Ada Bello', 2, 'Ada Bello', undefined],
    ['more words counted than there are', 'Ada Bello', 5, 'Ada Bello', undefined],
    ['one word', 'Ada Bello Kemi', 1, 'Ada', 'Bello Kemi'],
    ['no word: the name words are all other names', 'Ada Bello', 0, undefined, 'Ada Bello'],
    ['no name words at all', '', 0, undefined, undefined],
    ['a name given whole, its words left out in any case', 'Ada Musa Kemi', 'MUSA Ada', 'MUSA Ada', 'Kemi'],
    ['a later word that repeats the name in another case', 'Ada Bello ada Kemi', 2, 'Ada Bello', 'Kemi'],
  ])('%s', (_what, names, shown, name, otherNames) => {
    const customer = listedCustomer(row(names, shown))!;
    expect(customer.name).toBe(name);
    expect(customer.individual?.otherNames).toBe(otherNames);
    expect(customer).toMatchObject({
      _id: '5e0000000000000000000007',
      emailAddress: 'ada@example.ng',
      phoneNumber: '+2348031234567',
      isApproved: true,
      createdAt: '2026-11-02T09:30:00.000Z',
    });
  });

  it('answers null for a row written before `shown` (its record is opened instead)', () => {
    expect(listedCustomer(row('Ada Bello', null))).toBeNull();
  });
});
