import { describe, expect, it } from 'vitest';
import { compareHolderName, nameWords } from '../../../src-shared/api/holder-name';

const person = (firstName: string, lastName: string, otherNames?: string) => ({
  individual: { firstName, lastName, ...(otherNames ? { otherNames } : {}) },
});

describe('compareHolderName', () => {
  const chukwu = person('Mustapha', 'Chukwu');
  it.each([
    ['Chukwu Mustapha', 'the other order'],
    ['MUSTAPHA CHUKWU', 'capitals'],
    ['Chukwu, Mustapha', 'a comma'],
    ['M. Chukwu', 'the first name as an initial'],
    ['Chukwu M', 'an initial after the surname'],
    ['Mustapha Adamu Chukwu', 'a middle name the customer record lacks'],
  ])('matches %s (%s)', (holder) => {
    expect(compareHolderName(holder, chukwu)).toBe('match');
  });

  it('forgives diacritics on either side', () => {
    expect(compareHolderName('ADEBAYO OLUWASEUN', person('Olúwaṣẹ̀un', 'Adébáyọ̀'))).toBe('match');
    expect(compareHolderName('Adébáyọ̀ Olúwaṣẹ̀un', person('Oluwaseun', 'Adebayo'))).toBe('match');
  });

  it('forgives a middle name on the customer side', () => {
    expect(compareHolderName('Ngozi Okonkwo', person('Ngozi', 'Okonkwo', 'Adaeze'))).toBe('match');
  });

  it.each([
    ['Temitope Katherine', 'another person'],
    ['Mustapha Bello', 'the same first name, another surname'],
    ['Ibrahim Chukwu', 'the same surname, another first name'],
    ['T. Chukwu', 'an initial that is not the first name'],
    ['Chukwu', 'the surname alone'],
    ['', 'no name at all'],
  ])('does not match %s (%s)', (holder) => {
    expect(compareHolderName(holder, chukwu)).toBe('mismatch');
  });

  it('compares display names word for word when the customer has no separate names', () => {
    expect(compareHolderName('ACME TRADING LTD', { name: 'Acme Trading Ltd' })).toBe('match');
    expect(compareHolderName('Trading Acme', { name: 'Acme Trading' })).toBe('match');
    expect(compareHolderName('Zenith Foods', { name: 'Acme Trading' })).toBe('mismatch');
  });

  it('says unknown when the customer has no name to compare with', () => {
    expect(compareHolderName('Ada Obi', null)).toBe('unknown');
    expect(compareHolderName('Ada Obi', {})).toBe('unknown');
  });

  it('splits names into plain words', () => {
    expect(nameWords("  O'Neil-Adébáyọ̀  ")).toEqual(['o', 'neil', 'adebayo']);
  });
});
