import { describe, expect, it } from 'vitest';
import { guardFormula } from '../../../src-main/exports/formula-guard';

describe('guardFormula', () => {
  it.each([
    ['=HYPERLINK("http://x","y")', `'=HYPERLINK("http://x","y")`],
    ['+1+2', `'+1+2`],
    ['-2+3', `'-2+3`],
    ['@SUM(A1:A2)', `'@SUM(A1:A2)`],
    ['\t=1', `'\t=1`],
    ['\r=1', `'\r=1`],
    ['\uFF1D1+1', `'\uFF1D1+1`],
    ['-cmd|calc', `'-cmd|calc`],
    ['+2348031234567+SUM(A1)', `'+2348031234567+SUM(A1)`],
    ['+234=1', `'+234=1`],
  ])('prefixes %j with an apostrophe', (input, expected) => {
    expect(guardFormula(input)).toBe(expected);
  });

  it.each([
    '-1250.5',
    '-3',
    '-1e5',
    'Lagos = home',
    'Ada Obi',
    '',
    '1234',
    "'quoted",
    // Phone numbers people read stay as they are.
    '+2348031234567',
    '+234 803 123 4567',
    '+1 (212) 555-0101',
  ])('leaves %j as it is', (input) => {
    expect(guardFormula(input)).toBe(input);
  });
});
