import { describe, expect, it } from 'vitest';
import { authorizationsListQuerySchema } from '../../src-shared/api/requests';

describe('date range rule', () => {
  it.each([
    [{ fromDate: '2026-01-05', toDate: '2026-01-05' }, true],
    [{ fromDate: '2026-01-05T10:00:00Z', toDate: '2026-01-05' }, true],
    [{ fromDate: '2026-01-06', toDate: '2026-01-05' }, false],
    [{ fromDate: '2026-01-05T10:00:00Z', toDate: '2026-01-05T09:00:00Z' }, false],
    [{ fromDate: '2026-02-30' }, false],
    [{ toDate: 'yesterday' }, false],
  ])('%o valid: %s', (q, valid) => {
    const r = authorizationsListQuerySchema.safeParse(q);
    expect(r.success).toBe(valid);
    if (!r.success) expect(r.error.issues[0]!.path[0]).toMatch(/fromDate|toDate/);
  });
});
