// One language on screen: the count beside Ctrl+K's results counts what is shown, a match on a middle name
// says so, Accounts' search matches what an operator reads, and the service's `canceled` reads "Cancelled".
import { describe, expect, it } from 'vitest';
import { accountMatches } from '../../../src-shared/api/account-filter';
import { otherNamesMatched } from '../../../src-shared/api/customer-name';
import { foundText, searchOptions } from '../../../src-renderer/app/searchOptions';
import { humanize } from '../../../src-renderer/components/values/Badge';

const id = (n: number) => n.toString(16).padStart(24, 'a');

describe('the count beside the results', () => {
  it('counts customers and cards as shown, never fewer than shown', () => {
    const customers = [{ _id: id(1), name: 'Ada Obi' }];
    const cards = [
      { _id: id(2), maskedPan: '506099******1234' },
      { _id: id(3), maskedPan: '506099******5678' },
    ];
    expect(foundText(1, false, searchOptions('ada', customers, cards))).toBe('1 customer and 2 cards');
    expect(foundText(0, false, searchOptions('1234', [], cards.slice(0, 1)))).toBe('1 card');
    expect(foundText(40, true, searchOptions('ad', customers))).toBe('40+ customers, the first 1 shown');
    expect(foundText(0, false, searchOptions('ada', customers))).toBe('1 customer');
  });
});

describe('a match on a name the list does not show', () => {
  const ada = {
    _id: id(4),
    name: 'Ada Obi',
    individual: { firstName: 'Ada', otherNames: 'Chiamaka', lastName: 'Obi' },
  };
  it('names the middle name a search matched', () => {
    expect(otherNamesMatched(ada, 'chiam')).toBe('Chiamaka');
    expect(otherNamesMatched(ada, 'Ada Chiamaka')).toBe('Chiamaka');
  });
  it('says nothing when the shown name explains the match', () => {
    expect(otherNamesMatched(ada, 'obi')).toBeUndefined();
    expect(otherNamesMatched({ ...ada, name: 'Ada Chiamaka Obi' }, 'chiamaka')).toBeUndefined();
    expect(otherNamesMatched({ ...ada, individual: { firstName: 'Ada', lastName: 'Obi' } }, 'chi')).toBeUndefined();
  });
});

describe('searching accounts', () => {
  const wallet = {
    _id: id(5),
    accountName: 'Ngozi Eze',
    accountNumber: '0123456789',
    bankCode: '058',
    provider: 'SafeHaven',
    customer: id(6),
  };
  it.each([
    ['ngozi', true],
    ['0123 456', true],
    ['456789', true],
    ['058', true],
    ['guaranty', true],
    ['safehaven', true],
    [id(6).slice(-8), true],
    [id(5), true],
    ['tunde', false],
    ['999', false],
  ])('%s matches: %s', (text, matches) => {
    expect(accountMatches(wallet, text)).toBe(matches);
  });
});

describe('one spelling', () => {
  it('shows the service’s canceled as Cancelled', () => {
    expect(humanize('canceled')).toBe('Cancelled');
    expect(humanize('under_review')).toBe('Under review');
  });
});
