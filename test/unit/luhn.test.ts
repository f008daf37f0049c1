import { describe, expect, it } from 'vitest';
import { luhnValid } from '../../src-shared/api/rules';
describe('luhn', () => {
  it('accepts a valid PAN and rejects a one-digit change', () => {
    expect(luhnValid('4111111111111111')).toBe(true);
    expect(luhnValid('4111111111111112')).toBe(false);
  });
});
