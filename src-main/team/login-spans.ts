// Whose each journal event is, for the team journal: the database login signed in on this desk, for the
// event's environment, when the event was written. The team journal's operator is stamped by the database
// (session_user) when the outbox sends the event, so the outbox sends an event only over a connection of the
// login it was written under (journal-outbox.ts); events written under another login wait until that login
// signs in again. Kept as spans: from an event of the journal on, an environment's events are a login's
// (null: no one signed in), recorded when the login changes, in `<dataDir>/team-logins.json` (written
// atomically, private to the user). Events from before any span was recorded are anyone's (as before).
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import type { JournalEvents } from '../journal/journal-events';
import type { Logger } from '../ports/ports';
import { errorMessage } from '../errors/error-message';
import { PRIVATE_FILE_MODE } from '../storage/private-files';

export const LOGIN_SPANS_FILE = 'team-logins.json';
/** Spans kept per environment; older ones go (their events were sent long ago, or are anyone's then). */
const KEPT = 200;

const spanSchema = z.object({
  /** The journal the span began in (null: the journal had no event yet). */
  journalId: z.string().nullable(),
  /** The first event's sequence in that journal the span covers. */
  fromSeq: z.number().int().min(1),
  login: z.string().nullable(),
});
type Span = z.infer<typeof spanSchema>;
const fileSchema = z.object({ version: z.literal(1), spans: z.record(z.string(), z.array(spanSchema)) });

export class LoginSpans {
  private readonly file: string;
  private spans: Record<string, Span[]> = {};

  constructor(dataDir: string, logger: Logger) {
    this.file = join(dataDir, LOGIN_SPANS_FILE);
    if (!existsSync(this.file)) return;
    try {
      this.spans = fileSchema.parse(JSON.parse(readFileSync(this.file, 'utf8'))).spans;
    } catch (error) {
      // Lost: the events waiting are then anyone's, as before logins were recorded. The file is kept aside.
      const aside = `${this.file}.unreadable-${Date.now()}`;
      logger.warn({ err: errorMessage(error), aside }, 'team logins unreadable; moved aside');
      renameSync(this.file, aside);
    }
  }

  /** From the journal's next event on, `environmentId`'s events are `login`'s (null: no one's); once per change. */
  follow(environmentId: string, login: string | null, events: JournalEvents): void {
    const list = this.spans[environmentId] ?? [];
    if (list.length > 0 && list[list.length - 1]!.login === login) return;
    if (list.length === 0 && login === null) return;
    const span = { journalId: events.journalId(), fromSeq: events.lastSeq() + 1, login };
    this.spans = { ...this.spans, [environmentId]: [...list, span].slice(-KEPT) };
    const temp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify({ version: 1, spans: this.spans }, null, 2)}\n`, {
      mode: PRIVATE_FILE_MODE,
    });
    renameSync(temp, this.file);
  }

  /**
   * The login event `seq` of journal `journalId` was written under; null: anyone's (no one was signed in, or
   * it is older than the spans). A span begun in another journal (or before any) covers all of a later one.
   */
  loginOf(environmentId: string, journalId: string, seq: number): string | null {
    const list = this.spans[environmentId] ?? [];
    for (let i = list.length - 1; i >= 0; i--) {
      const span = list[i]!;
      if (span.journalId !== journalId || span.fromSeq <= seq) return span.login;
    }
    return null;
  }
}
