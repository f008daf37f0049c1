// Whose each journal event is, for the team journal: the login signed in on the desk, per environment, when
// the event was written; kept across restarts; a journal started anew is covered by the login in use then.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JournalEvents } from '../../../src-main/journal/journal-events';
import { createLogger } from '../../../src-main/logging/logger';
import { LoginSpans } from '../../../src-main/team/login-spans';

let dir: string;
const logger = createLogger({ level: 'silent' });
/** A journal whose newest event is `last` (null id: no event yet). */
const at = (journalId: string | null, last: number): JournalEvents => ({
  journalId: () => journalId,
  lastSeq: () => last,
  eventsAfter: () => [],
  countAfter: () => 0,
});

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'card-desk-spans-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the login each journal event was written under', () => {
  it('follows sign-ins and sign-outs per environment, and is kept for the next start', () => {
    const spans = new LoginSpans(dir, logger);
    spans.follow('prod', 'alice', at('j1', 4));
    spans.follow('prod', 'alice', at('j1', 6)); // no change: no new span
    spans.follow('prod', null, at('j1', 8));
    spans.follow('prod', 'bob', at('j1', 10));
    spans.follow('test', 'carol', at('j1', 2));
    const again = new LoginSpans(dir, logger);
    expect([3, 4, 5, 8, 9, 10, 11, 40].map((seq) => again.loginOf('prod', 'j1', seq))).toEqual([
      null, // before any sign-in was recorded: anyone's
      null,
      'alice',
      'alice',
      null, // written while signed out
      null,
      'bob',
      'bob',
    ]);
    expect(again.loginOf('test', 'j1', 3)).toBe('carol');
    expect(again.loginOf('other', 'j1', 3)).toBeNull();
  });

  it('covers a journal begun after the span (a first one, or one started anew) with the login in use', () => {
    const spans = new LoginSpans(dir, logger);
    spans.follow('prod', 'alice', at(null, 0));
    expect(spans.loginOf('prod', 'j1', 1)).toBe('alice');
    spans.follow('prod', 'bob', at('j1', 5));
    expect(spans.loginOf('prod', 'j2', 1)).toBe('bob');
    expect(spans.loginOf('prod', 'j1', 3)).toBe('alice');
  });
});
