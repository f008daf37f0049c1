import { describe, expect, it } from 'vitest';
import { pathWithId, queryString } from '../../../src-main/api/query-string';

describe('queryString', () => {
  it('keeps defined values in order and drops undefined, null and empty ones', () => {
    expect(
      queryString({ page: 0, limit: 25, fromDate: undefined, toDate: '2026-01-31', currency: '', type: null }),
    ).toBe('?page=0&limit=25&toDate=2026-01-31');
  });
  it('is empty when nothing is set', () => {
    expect(queryString({ page: undefined })).toBe('');
  });
  it('escapes values', () => {
    expect(queryString({ fromDate: '2026-01-01T00:00:00+01:00' })).toBe('?fromDate=2026-01-01T00%3A00%3A00%2B01%3A00');
  });
});

describe('pathWithId', () => {
  it('escapes the id so it cannot change the path', () => {
    expect(pathWithId('/cards/{id}/balance', '../customers?x=1')).toBe('/cards/..%2Fcustomers%3Fx%3D1/balance');
  });
});
