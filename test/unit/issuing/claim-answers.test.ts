// What a desk says when the team's claim of a write refuses it: who holds it and since when (names before
// ids, the local time of day), an issue made elsewhere moments ago as "another?", and the team database
// that cannot be asked named, or the note of a write sent on the desk's own guard.
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { claimRefusal, teamFingerprint } from '../../../src-main/issuing/claim-answers';
import type { ClaimHolder } from '../../../src-main/ports/claims-port';

const since = '2026-11-27T09:42:00.000Z';
const local = format(new Date(since), 'HH:mm');
const holder = (over: Partial<ClaimHolder> = {}): ClaimHolder => ({
  operator: 'alice',
  deskName: 'DESK-2',
  since,
  state: 'in_flight',
  settledAt: null,
  resultId: null,
  entryId: 'e1',
  ...over,
});
const message = (r: ReturnType<typeof claimRefusal>) => ('ok' in r ? r.error.message : r.note);

describe('the team claim of a write, in words', () => {
  it('names who is sending it, where and since when', () => {
    expect(message(claimRefusal('card', { kind: 'held', holder: holder() }, Date.now()))).toBe(
      `Being issued by alice on DESK-2 since ${local}. Card Desk does not send it twice: wait for its outcome.`,
    );
    expect(message(claimRefusal('wallet', { kind: 'held', holder: holder() }, Date.now()))).toMatch(
      /^Being opened by alice on DESK-2 since/,
    );
    expect(
      message(claimRefusal('card', { kind: 'held', holder: holder({ state: 'outcome_unknown' }) }, Date.now())),
    ).toMatch(new RegExp(`^Sent by alice on DESK-2 at ${local}, and its outcome is not known yet`));
  });

  it('asks "another?" of a write issued elsewhere, with what it made', () => {
    const issued = holder({ state: 'succeeded', settledAt: since, resultId: 'crd_9' });
    const r = claimRefusal('card', { kind: 'issued', holder: issued }, Date.parse(since) + 3 * 60_000);
    expect(r).toMatchObject({
      ok: false,
      error: {
        kind: 'conflict',
        message: `Already issued by alice on DESK-2 at ${local}: card crd_9. Issue another?`,
        repeatOf: { minutesAgo: 3, resultId: 'crd_9', noun: 'card' },
      },
    });
  });

  it('refuses naming the team database, or sends on the desk’s own guard and says so', () => {
    const down = { kind: 'unavailable' as const, where: 'db.bank.local', why: 'unreachable' as const, detail: '' };
    expect(message(claimRefusal('card', { ...down, required: true }, 0))).toBe(
      'The team database db.bank.local is unreachable, so Card Desk cannot make sure no other desk is issuing this card. Nothing was sent. Reads and search go on; try again when it is back, or ask IT.',
    );
    expect(message(claimRefusal('card', { ...down, required: false }, 0))).toMatch(
      /^Sent with this desk's own guard only: the team database db\.bank\.local could not be asked/,
    );
    expect(claimRefusal('card', { kind: 'claimed' }, 0)).toEqual({ note: null });
  });

  it('makes the same write the same across desks: the address and the fingerprint, nothing of the desk', () => {
    expect(teamFingerprint('https://api.bank', 'f1')).toBe(teamFingerprint('https://api.bank', 'f1'));
    expect(teamFingerprint('https://api.bank', 'f1')).not.toBe(teamFingerprint('https://sandbox.bank', 'f1'));
  });
});
