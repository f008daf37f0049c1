// Which approval rules are in force: the policy's when it sets them, else the team database's read with the
// policy's schema; a team row that does not fit means every write needs approval, saying why.
import { describe, expect, it } from 'vitest';
import { rulesInForce } from '../../../src-main/approvals/rules-in-force';
import { approvalReasons } from '../../../src-main/approvals/rules';

const at = new Date('2026-11-27T04:00:00Z');
const team = (rules: unknown) => ({ rules, setBy: 'ike', setAt: at });

describe('rulesInForce', () => {
  it('lets the policy win over the team database', () => {
    expect(rulesInForce({ 'accounts.create': 'always' }, team({ 'cards.create': 'always' }))).toEqual({
      source: 'policy',
      rules: { 'accounts.create': 'always' },
      problem: null,
      setBy: 'ike',
      setAt: at.toISOString(),
    });
  });

  it('uses the team database’s rules where the policy is silent', () => {
    const found = rulesInForce(null, team({ 'cards.create': { spendingLimitAbove: 500000 }, approvalHours: 4 }));
    expect(found).toMatchObject({ source: 'team', problem: null, setBy: 'ike' });
    expect(found.rules).toEqual({ 'cards.create': { spendingLimitAbove: 500000 }, approvalHours: 4 });
  });

  it('has none without a row or after the rules were cleared, keeping who cleared them', () => {
    expect(rulesInForce(undefined, null)).toEqual({
      source: 'none',
      rules: null,
      problem: null,
      setBy: null,
      setAt: null,
    });
    expect(rulesInForce(null, team(null))).toMatchObject({ source: 'none', rules: null, setBy: 'ike' });
  });

  it('fails closed on a row that does not fit, naming the field', () => {
    const found = rulesInForce(null, team({ 'cards.create': { spendingLimitAbove: 'lots' } }));
    expect(found.rules).toBeNull();
    expect(found.problem).toBe(
      'the approval rules in the team database, set by ike, cannot be read (cards.create.spendingLimitAbove: spendingLimitAbove must be an amount): every write needs approval until an administrator saves them again in Settings → Approvals',
    );
    expect(rulesInForce(null, team({ 'cards.delete': 'always' })).problem).toMatch(/cannot be read \(.*cards\.delete/);
  });

  it('gives the same reasons as the policy’s rules once read', () => {
    const { rules } = rulesInForce(null, team({ 'accounts.create': 'always' }));
    expect(
      approvalReasons(rules, {
        operation: 'accounts.create',
        input: { type: 'wallet' } as never,
      }),
    ).toEqual(['every new wallet needs approval']);
  });
});
