import { describe, expect, it } from 'vitest';
import { customerDisplayName, expiry, idOf, isoTime, safeMaskedPan } from '../../../src-main/exports/cells';

describe('export cells', () => {
  it('keeps a masked PAN and masks anything that shows more than six and four digits', () => {
    expect(safeMaskedPan('506099******1234')).toBe('506099******1234');
    expect(safeMaskedPan('**** **** **** 1234')).toBe('**** **** **** 1234');
    expect(safeMaskedPan('5060990000001234')).toBe('506099******1234');
    expect(safeMaskedPan('4111 1111 1111 1111 111')).toBe('411111*********1111');
    expect(safeMaskedPan(undefined)).toBeUndefined();
  });

  it('writes times as ISO 8601 UTC and keeps text it cannot read', () => {
    expect(isoTime('2026-11-20T10:15:00+01:00')).toBe('2026-11-20T09:15:00.000Z');
    expect(isoTime('not a date')).toBe('not a date');
    expect(isoTime('')).toBeUndefined();
  });

  it('takes the id of a string or an embedded record', () => {
    expect(idOf('abc')).toBe('abc');
    expect(idOf({ _id: 'def', name: 'x' })).toBe('def');
    expect(idOf(null)).toBeUndefined();
  });

  it('names a customer by name, else first and last name', () => {
    expect(customerDisplayName({ name: 'Ada Obi' })).toBe('Ada Obi');
    expect(customerDisplayName({ individual: { firstName: 'Ada', lastName: 'Obi' } })).toBe('Ada Obi');
    expect(customerDisplayName(undefined)).toBeUndefined();
  });

  it('writes expiry as MM/YYYY', () => {
    expect(expiry('3', '2029')).toBe('03/2029');
    expect(expiry(undefined, '2029')).toBeUndefined();
  });
});
