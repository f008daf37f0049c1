// The bulk-issue confirmation: the number of cards said in words (n2words, en-NG) and taken back typed in
// words, forgivingly (case, hyphens, "and", spacing, a closing "cards"), never as digits.
import { describe, expect, it } from 'vitest';
import {
  cardsInWords,
  numberInWords,
  problemInFileWords,
  typedAsDigits,
  typedInWords,
} from '../../../src-renderer/pages/bulk-issue/words';

describe('the number of cards in words', () => {
  it('says the numbers a batch can have as people write them', () => {
    expect(cardsInWords(1)).toBe('one card');
    expect(cardsInWords(50)).toBe('fifty cards');
    expect(cardsInWords(312)).toBe('three hundred and twelve cards');
    expect(numberInWords(1001)).toBe('one thousand and one');
    expect(numberInWords(4999)).toBe('four thousand nine hundred and ninety-nine');
    expect(numberInWords(5000)).toBe('five thousand');
  });

  it('takes the number typed in words whatever the case, hyphens, "and" and spacing', () => {
    for (const typed of [
      'three hundred and twelve',
      'Three Hundred Twelve',
      'THREE-HUNDRED-AND-TWELVE',
      '  three   hundred and twelve cards ',
      'three hundred and twelve.',
    ])
      expect(typedInWords(typed, 312), typed).toBe(true);
    expect(typedInWords('a hundred and five', 105)).toBe(true);
    expect(typedInWords('twenty one', 21)).toBe(true);
    expect(typedInWords('twentyone', 21)).toBe(false);
  });

  it('refuses another number, digits, and nothing', () => {
    for (const typed of ['three hundred and thirteen', 'three hundred', 'twelve', '312', '', '   ', 'and'])
      expect(typedInWords(typed, 312), typed).toBe(false);
    expect(typedInWords('one thousand two hundred and thirty-four', 1234)).toBe(true);
    expect(typedInWords('twelve hundred and thirty-four', 1234)).toBe(false);
  });

  it('knows digits typed instead of words', () => {
    expect(typedAsDigits('312')).toBe(true);
    expect(typedAsDigits(' 1,234 ')).toBe(true);
    expect(typedAsDigits('three')).toBe(false);
    expect(typedAsDigits('')).toBe(false);
  });
});

describe("a row's problems", () => {
  it("name each column by the file's own header, or by its readable name when the file has none", () => {
    const columns = [
      { header: 'Debit account', field: 'debitAccountId' as const },
      { header: 'Limit', field: 'spendingLimit' as const },
      { header: 'Notes', field: null },
    ];
    expect(
      problemInFileWords(
        'debitAccountId: Choose the account the card draws on; spendingLimit is required with spendingInterval; accountNumber: write why in mapAnywayBecause',
        columns,
      ),
    ).toBe(
      'Debit account: Choose the account the card draws on; Limit is required with Spending limit period; Bank account number: write why in Why it is mapped to another holder’s account',
    );
    // A plain word of a sentence that is also a column's name is not a column.
    expect(
      problemInFileWords('No customer in the offline cache has the email a@b.c; status: Enter the status', [
        { header: 'Customer ID', field: 'customer' },
        { header: 'State', field: 'status' },
      ]),
    ).toBe('No customer in the offline cache has the email a@b.c; State: Enter the status');
  });
});
