// The navigation's counts never go back to older ones: a read of the counts that began before another
// person's request (the window opening) and answers after the read the request's notice started must not
// put the old count back. The team database is stood in for by a port whose reads answer when the test
// says (the counts' SQL itself is proved against PostgreSQL in the e2e and integration tests).
import type { PoolClient } from 'pg';
import { describe, expect, it } from 'vitest';
import { ApprovalsListener } from '../../../src-main/approvals/approvals-listener';
import type { TeamPort } from '../../../src-main/approvals/team-access';
import type { Logger } from '../../../src-main/ports/ports';
import { ok } from '../../../src-shared/ipc/result';
import type { TeamStatus } from '../../../src-shared/ipc/channels/team';

function slowTeam() {
  let waiting = 0;
  const pending: Array<() => void> = [];
  const client = {
    query: async () => {
      // The database's answer is taken now (its snapshot), and delivered when the test releases it.
      const snapshot = waiting;
      await new Promise<void>((resolve) => pending.push(resolve));
      return { rows: [{ login: 'ada', approver: true, others: snapshot, mine: 0, decided: null }] };
    },
  } as unknown as PoolClient;
  const team: TeamPort = {
    status: () => ({ state: 'connected' }) as TeamStatus,
    use: async (work) => ok(await work(client)),
    listen: () => () => undefined,
  };
  return {
    team,
    ask: () => (waiting += 1),
    /** Answers the read that began `index`-th among those still waiting. */
    answer: (index: number) => pending.splice(index, 1)[0]!(),
    get reads() {
      return pending.length;
    },
  };
}

const quiet: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined };
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the approvals counts', () => {
  it('keep the newer count when an older read answers last', async () => {
    const db = slowTeam();
    const emitted: number[] = [];
    const listener = new ApprovalsListener({
      team: db.team,
      emit: (_channel, status) => emitted.push((status as { waitingForMe: number }).waitingForMe),
      logger: quiet,
      tickMs: 3_600_000,
    });
    try {
      const opening = listener.refresh(); // the window opens: a read before mary's request
      await tick();
      db.ask(); // mary asks; her notice asks for the counts again
      const noticed = listener.refresh();
      await tick();
      // One read at a time: the notice's read starts only once the opening read has answered.
      expect(db.reads).toBe(1);
      db.answer(0);
      expect((await opening).waitingForMe).toBe(0);
      await tick();
      expect(db.reads).toBe(1);
      db.answer(0);
      expect((await noticed).waitingForMe).toBe(1);
      expect(listener.status.waitingForMe).toBe(1);
      expect(emitted.at(-1)).toBe(1);
    } finally {
      await listener.dispose();
    }
  });

  it('read once more for any number of asks made while a read runs', async () => {
    const db = slowTeam();
    const listener = new ApprovalsListener({
      team: db.team,
      emit: () => undefined,
      logger: quiet,
      tickMs: 3_600_000,
    });
    try {
      const first = listener.refresh();
      await tick();
      db.ask();
      db.ask();
      const asks = [listener.refresh(), listener.refresh(), listener.refresh()];
      db.answer(0);
      await first;
      await tick();
      expect(db.reads).toBe(1);
      db.answer(0);
      expect((await Promise.all(asks)).map((s) => s.waitingForMe)).toEqual([2, 2, 2]);
      expect(db.reads).toBe(0);
    } finally {
      await listener.dispose();
    }
  });
});
