// The team journal's outbox when the desk closes its link (sign-out, another environment, quit): a send
// under way ends before the journal is closed behind it, and none starts after. Before, a send waiting on
// the database when the desk closed went on to read the journal once the database answered, from a journal
// closed meanwhile ("statement has been finalized", an unhandled rejection in main). The journal here is a
// real SQLite file; the link is a stand-in whose one answer the test holds (the team database's own
// behaviour is tested in test/integration/team/).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { PoolClient } from 'pg';
import { openJournal, type Journal } from '../../../src-main/journal/journal';
import { createLogger } from '../../../src-main/logging/logger';
import { JournalOutbox } from '../../../src-main/team/journal-outbox';
import type { TeamLink } from '../../../src-main/team/team-link';
import { TEST_CHAIN_KEY } from '../../support/journal-key';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A connected link whose `use` waits until the test answers it. */
function heldLink() {
  const held: { fail: (e: Error) => void; asked: number } = { fail: () => {}, asked: 0 };
  const link = {
    status: { state: 'connected', login: 'alice' },
    use: (_work: (client: PoolClient) => Promise<unknown>) =>
      new Promise((_resolve, reject) => {
        held.asked += 1;
        held.fail = reject;
      }),
  };
  return { link: link as unknown as TeamLink, held };
}

function outboxOn(link: TeamLink, journal: Journal) {
  let reads = 0;
  const outbox = new JournalOutbox({
    link,
    journal: () => {
      reads += 1;
      return journal;
    },
    environmentId: 'sandbox',
    desk: { id: 'desk-1', name: 'DESK-1' },
    spans: { loginOf: () => 'alice' },
    logger: createLogger({ level: 'silent' }),
  });
  return { outbox, reads: () => reads };
}

describe('the team journal outbox when the desk closes its link', () => {
  it('waits for the send under way, which then reads nothing of the journal, and starts none after', async () => {
    dir = mkdtempSync(join(tmpdir(), 'card-desk-outbox-'));
    const journal = openJournal({
      file: join(dir, 'journal.sqlite'),
      key: TEST_CHAIN_KEY,
      operator: { user: 'alice', host: 'DESK-1' },
    });
    const { link, held } = heldLink();
    const { outbox, reads } = outboxOn(link, journal);

    const sending = outbox.send();
    expect(held.asked).toBe(1); // the desk's registration, waiting on the database
    let stopped = false;
    const stopping = outbox.stop().then(() => (stopped = true));
    await Promise.resolve();
    expect(stopped).toBe(false);

    held.fail(new Error('Connection terminated'));
    await stopping;
    journal.close();
    expect(await sending).toBe(0);
    expect(reads()).toBe(0);
    expect(await outbox.send()).toBe(0);
    expect(held.asked).toBe(1);
  });
});
