// The journal Card Desk writes to: the one opened at start-up (journal-file.ts), until the operator, after
// a refusal, starts a new one. Everything that writes or reads the journal asks this holder for it, so a
// new journal reaches every one of them at once.
import type { Logger } from '../ports/ports';
import type { Journal } from './journal';
import { openJournalFile, startNewJournal, type JournalState, type OpenedJournal } from './journal-file';

export interface JournalInUseOptions {
  dataDir: string;
  logger?: Logger;
}

export class JournalInUse {
  private opened: OpenedJournal;

  constructor(private readonly options: JournalInUseOptions) {
    this.opened = openJournalFile(options);
  }

  get journal(): Journal {
    return this.opened.journal;
  }

  get status(): JournalState {
    return this.opened.status;
  }

  /** Starts a new, empty journal (what was in the way is moved aside); throws when the folder cannot be written. */
  startNew(): JournalState {
    this.opened = startNewJournal(this.options);
    return this.opened.status;
  }

  close(): void {
    this.opened.journal.close();
  }
}
