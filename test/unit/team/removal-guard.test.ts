import { describe, expect, it } from 'vitest';
import { removalVerdict } from '../../../src-main/team/sync/removal-guard';
import { readCustomerPage } from '../../../src-main/cache/sync/customer-page';

describe('how many customers a complete full sweep may remove', () => {
  it('removes up to a tenth of the copy, or ten, whichever is more', () => {
    expect(removalVerdict(1_000, 0)).toEqual({ remove: true, count: 0 });
    expect(removalVerdict(1_000, 100)).toEqual({ remove: true, count: 100 });
    expect(removalVerdict(20, 10)).toEqual({ remove: true, count: 10 });
  });

  it('removes none when the sweep missed more, and says why', () => {
    const verdict = removalVerdict(1_000, 101);
    expect(verdict).toMatchObject({ remove: false, count: 101 });
    expect(!verdict.remove && verdict.reason).toContain('did not see 101 of the team');
    // The service answered an empty list.
    expect(removalVerdict(30, 30).remove).toBe(false);
    expect(removalVerdict(20, 11).remove).toBe(false);
  });
});

describe("a feed page's removed customers", () => {
  const page = (envelope: object) => readCustomerPage(Buffer.from(JSON.stringify(envelope)), 0);

  it('reads the ids in removed, leaving out what is no id', () => {
    expect(page({ data: [], removed: ['c1', 7, '', 'c2', null] })?.removed).toEqual(['c1', 'c2']);
  });

  it('has none on a page without them', () => {
    expect(page({ data: [] })).not.toHaveProperty('removed');
    expect(page({ data: [], removed: 'c1' })).not.toHaveProperty('removed');
  });
});
