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
  ])('prefixes %j with an apostrophe', (input, expected) => {
    expect(guardFormula(input)).toBe(expected);
  });

  it.each(['-1250.5', '-3', '-1e5', 'Lagos = home', 'Ada Obi', '', '1234', "'quoted"])(
    'leaves %j as it is',
    (input) => {
      expect(guardFormula(input)).toBe(input);
    },
  );
});
