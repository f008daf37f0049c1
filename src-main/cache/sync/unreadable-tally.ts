// The customers a sync read tolerantly (src-shared/api/tolerant-read.ts): each logged once with its id or
// place and the fields (never a value), and counted for the sync's last message.
import type { RecordNote } from '../../../src-shared/api/tolerant-read';
import { logRecordNotes } from '../../api/record-notes-log';
import type { Logger } from '../../ports/ports';
import type { PageStored } from './customer-page';

export class UnreadableTally {
  private stored = 0;
  private skipped = 0;

  constructor(
    private readonly logger: Logger | undefined,
    private readonly environmentId: string,
  ) {}

  /** Logs and counts the page's notes; answers the page as it came. */
  see(page: number, stored: PageStored): PageStored {
    if (stored.readable && stored.notes) this.add(page, stored.notes);
    return stored;
  }

  private add(page: number, notes: readonly RecordNote[]): void {
    for (const n of notes) {
      if (n.skipped) this.skipped++;
      else this.stored++;
    }
    logRecordNotes(this.logger, { environmentId: this.environmentId, page }, notes);
  }

  /** The sentence for the sync's last message, or null when every customer was read whole. */
  summary(): { text: string; unreadable: number } | null {
    const { stored, skipped } = this;
    if (stored + skipped === 0) return null;
    const parts: string[] = [];
    if (stored > 0)
      parts.push(
        `${stored.toLocaleString('en-US')} ${stored === 1 ? 'customer had' : 'customers had'} fields Card Desk could not read`,
      );
    if (skipped > 0)
      parts.push(
        `${skipped.toLocaleString('en-US')} ${skipped === 1 ? 'customer was' : 'customers were'} left out (no readable id)`,
      );
    return { text: `${parts.join('; ')}; they are listed in the log.`, unreadable: stored + skipped };
  }
}
