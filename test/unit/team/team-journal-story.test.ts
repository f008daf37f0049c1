// What a team journal entry tells, from its events as the database stamped them.
import { describe, expect, it } from 'vitest';
import { entryKindOf, entryStory, type TeamJournalStep } from '../../../src-main/team/team-journal-story';

const step = (kind: string, operator: string, extra: Partial<TeamJournalStep> = {}): TeamJournalStep => ({
  kind,
  operator,
  receivedAt: '2026-11-28T10:00:00.000Z',
  outcome: null,
  reason: null,
  error: null,
  ...extra,
});

describe('a team journal entry in words', () => {
  it('tells an approval as its steps, naming who took each', () => {
    expect(entryKindOf('approvals')).toBe('approval');
    expect(
      entryStory('approval', [
        step('approval_requested', 'mal'),
        step('approval_rejected', 'bob', { reason: 'not this one' }),
      ]),
    ).toBe('Approval requested by mal · rejected by bob: not this one');
    expect(
      entryStory('approval', [
        step('approval_requested', 'mary'),
        step('approval_approved', 'ada'),
        step('approval_sending', 'ada'),
        step('approval_sent', 'ada'),
      ]),
    ).toBe('Approval requested by mary · approved by ada · being sent by ada · sent');
    expect(entryStory('approval', [step('approval_requested', 'mary'), step('approval_expired', 'mary')])).toBe(
      'Approval requested by mary · expired',
    );
  });

  it("tells a desk's write as its outcomes, naming each login that sent them", () => {
    expect(entryKindOf('0b8c3e5e-2f0a-4a53-9d1e-7f1f3c1d2a10')).toBe('write');
    expect(
      entryStory('write', [
        step('begun', 'alice', { outcome: 'pending' }),
        step('unknown', 'alice', { outcome: 'outcome_unknown' }),
        step('reconciled', 'bob', { outcome: 'reconciled' }),
      ]),
    ).toBe('Begun (sent by alice) · outcome unknown · reconciled (sent by bob)');
  });

  it('tells the administration with its reasons', () => {
    expect(entryKindOf('team-admin')).toBe('administration');
    expect(entryStory('administration', [step('claim_released', 'bob', { reason: 'the desk burned down' })])).toBe(
      'claim released by bob: the desk burned down',
    );
  });
});
