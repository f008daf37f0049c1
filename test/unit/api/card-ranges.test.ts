// A card number fits its brand: the issuer ranges of Verve, AfriGo, Visa and MasterCard, the schema's
// refusal of a number of another brand (naming that brand), and the same refusal in the operator's words.
import { describe, expect, it } from 'vitest';
import { brandOfNumber, numberBrandProblem, rangesInWords } from '../../../src-shared/api/card-ranges';
import { inOperatorWords } from '../../../src-shared/api/field-words';
import { makeCreateCardRequestSchema } from '../../../src-shared/api/requests';
import { luhnValid } from '../../../src-shared/api/rules';

/** Completes a number with its check digit. */
const pan = (body: string): string => {
  for (let d = 0; d <= 9; d++) if (luhnValid(body + d)) return body + d;
  throw new Error('no check digit');
};

describe('brand ranges', () => {
  it.each([
    ['506099', 'Verve'],
    ['506198', 'Verve'],
    ['507865', 'Verve'],
    ['650027', 'Verve'],
    ['564011', 'AfriGo'],
    ['411111', 'Visa'],
    ['539983', 'MasterCard'],
    ['222100', 'MasterCard'],
    ['272099', 'MasterCard'],
  ] as const)('a number starting %s is %s', (start, brand) => {
    expect(brandOfNumber(pan(`${start}123456789`))).toBe(brand);
  });

  it.each(['506098', '506199', '650028', '272100', '222099', '601100'])('a number starting %s is no brand', (start) => {
    expect(brandOfNumber(pan(`${start}123456789`))).toBeNull();
  });

  it('names the brand a number belongs to, and leaves a Visa card id alone', () => {
    expect(numberBrandProblem('4111111111111111', 'Verve')).toBe('number is a Visa card number, not a Verve one');
    expect(numberBrandProblem(pan('601100123456789'), 'AfriGo')).toBe('number is not an AfriGo card number');
    expect(numberBrandProblem(pan('506099123456789'), 'Verve')).toBeNull();
    expect(numberBrandProblem('VC-7781-AB', 'Visa')).toBeNull();
    expect(rangesInWords('Verve')).toBe('506099–506198, 507865–507964 or 650002–650027');
  });
});

describe('a physical card’s number and its brand', () => {
  const schema = makeCreateCardRequestSchema(() => new Date('2026-11-26T00:00:00Z'));
  const physical = (brand: string, number: string) => ({
    customerId: 'a'.repeat(24),
    type: 'physical',
    currency: 'NGN',
    status: 'active',
    brand,
    number,
  });
  const problems = (body: object) => {
    const r = schema.safeParse(body);
    return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('refuses a Visa number for a Verve card, naming Visa, however it is typed', () => {
    expect(problems(physical('Verve', '4111 1111 1111 1111'))).toEqual([
      'number: number is a Visa card number, not a Verve one',
    ]);
    expect(inOperatorWords('number', 'number is a Visa card number, not a Verve one')).toBe(
      'This is a Visa card number, not a Verve one: check the number, or choose Visa as the brand',
    );
  });

  it('refuses a Verve number for a MasterCard and a Visa, and a number of no brand for AfriGo', () => {
    const verve = pan('506099123456789012');
    expect(problems({ ...physical('MasterCard', verve), amount: 10 })).toEqual([
      'number: number is a Verve card number, not a MasterCard one',
    ]);
    expect(problems(physical('Visa', verve))).toEqual(['number: number is a Verve card number, not a Visa one']);
    expect(problems(physical('AfriGo', pan('601100123456789')))).toEqual([
      'number: number is not an AfriGo card number',
    ]);
    expect(inOperatorWords('number', 'number is not an AfriGo card number')).toBe(
      'This is not an AfriGo card number: AfriGo numbers start with 564',
    );
  });

  it('takes a number of the chosen brand, and a Visa card id', () => {
    expect(problems(physical('Verve', pan('506099123456789012')))).toEqual([]);
    expect(problems(physical('AfriGo', pan('564011123456789')))).toEqual([]);
    expect(problems({ ...physical('MasterCard', pan('539983123456789')), amount: 10 })).toEqual([]);
    expect(problems(physical('Visa', '4111111111111111'))).toEqual([]);
    expect(problems(physical('Visa', 'vc_7781ab'))).toEqual([]);
  });
});
