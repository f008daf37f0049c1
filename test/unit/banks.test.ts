// What a bank box's text means as a code: a picked `Name (code)`, a bare code, a name or a part of one.
import { describe, expect, it } from 'vitest';
import { BANKS, bankCodeFrom } from '../../src-shared/api/banks';

describe('bankCodeFrom', () => {
  it('reads the code of a choice from the list, a code, a name in any case, or a part only one name has', () => {
    expect(bankCodeFrom('Zenith Bank (057)')).toBe('057');
    expect(bankCodeFrom(' 058 ')).toBe('058');
    expect(bankCodeFrom('guaranty trust bank')).toBe('058');
    expect(bankCodeFrom('Provid')).toBe('101');
  });

  it('leaves text it cannot place as it is, for the code rule to refuse', () => {
    // "Bank" is in many names: no guess.
    expect(bankCodeFrom('Bank')).toBe('Bank');
    expect(bankCodeFrom('Ze')).toBe('Ze');
    expect(bankCodeFrom('12')).toBe('12');
  });

  it('lists each code once', () => {
    expect(new Set(BANKS.map((b) => b.code)).size).toBe(BANKS.length);
  });
});
