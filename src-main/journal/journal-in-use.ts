// The journal Card Desk writes to: the one opened at start-up (journal-file.ts), opened again when it waited
// for the keychain and the keychain may be back, until the operator, after a refusal, starts a new one; closed
// with its last head anchored. Everything that writes or reads the journal asks this holder for it, so a new
// journal reaches every one of them at once. The operator hears what is wrong through `notice` (the status bar).
import type { ChainCheck } from './journal-chain';
import type { Journal } from './journal';
import {
  type JournalFileOptions,
  type JournalState,
  type OpenedJournal,
  openJournalFile,
  startNewJournal,
} from './journal-file';
import { errorMessage } from '../errors/error-message';

export interface JournalInUseOptions extends Omit<JournalFileOptions, 'onAnchorProblem'> {
  /** Shows (`on`) or withdraws a notice to the operator. */
  notice: (text: string, on: boolean) => void;
  /** Least time between two tries to reach the keychain while the journal waits for it (default 10 s). */
  retryAfterMs?: number;
  /** The clock of those tries (default Date.now). */
  clock?: () => number;
}

const anchorNotice = (problem: string) =>
  `Card Desk's journal: ${problem}. The journal keeps recording every request, and Journal → Verify says so until the keychain is back.`;

export class JournalInUse {
  private lastTry = 0;
  private anchorProblem: string | null = null;
  private opened!: OpenedJournal;

  private constructor(private readonly options: JournalInUseOptions) {}

  static async open(options: JournalInUseOptions): Promise<JournalInUse> {
    const current = new JournalInUse(options);
    current.lastTry = current.now();
    current.opened = await openJournalFile(current.fileOptions());
    current.tell(null, current.opened.status);
    return current;
  }

  get journal(): Journal {
    return this.opened.journal;
  }

  get status(): JournalState {
    return this.opened.status;
  }

  /** The journal to record a write in: while it waits for the keychain, tried again (at most every retryAfterMs). */
  async ready(): Promise<Journal> {
    if (this.opened.status.state === 'waiting' && this.now() - this.lastTry >= (this.options.retryAfterMs ?? 10_000)) {
      this.lastTry = this.now();
      const before = this.opened.status;
      this.opened = await openJournalFile(this.fileOptions());
      this.tell(before, this.opened.status);
    }
    return this.opened.journal;
  }

  /** Journal → Verify; a journal refused or waiting for the keychain has nothing to check, and its state says why. */
  async verify(): Promise<{ check: ChainCheck } | { unchecked: JournalState }> {
    const journal = await this.ready();
    return this.opened.status.state === 'ok' ? { check: await journal.verify() } : { unchecked: this.opened.status };
  }

  /** After a refusal: a new, empty journal; the reason why not, in words. */
  async startNew(): Promise<{ status: JournalState } | { problem: string }> {
    if (this.opened.status.state === 'ok') return { status: this.opened.status };
    const before = this.opened.status;
    try {
      await this.close();
      this.opened = await startNewJournal(this.fileOptions());
    } catch (e) {
      this.options.logger?.error({ err: errorMessage(e) }, 'starting a new journal failed');
      return {
        problem: `Card Desk could not start a new journal in ${this.options.dataDir}: ${errorMessage(e)}. Check that the folder is writable and the system keychain is unlocked.`,
      };
    }
    this.tell(before, this.opened.status);
    return { status: this.opened.status };
  }

  /** Closes the file and waits for its last head to be anchored. */
  async close(): Promise<void> {
    this.opened.journal.close();
    await this.opened.journal.anchored();
  }

  private now(): number {
    return (this.options.clock ?? Date.now)();
  }

  private fileOptions(): JournalFileOptions {
    const { notice: _n, retryAfterMs: _r, clock: _c, ...options } = this.options;
    return {
      ...options,
      onAnchorProblem: (problem) => {
        if (this.anchorProblem) this.options.notice(anchorNotice(this.anchorProblem), false);
        this.anchorProblem = problem;
        if (problem) this.options.notice(anchorNotice(problem), true);
      },
    };
  }

  /** Withdraws the notice of the state before, and shows the new one's. */
  private tell(before: JournalState | null, after: JournalState): void {
    if (before?.problem && before.problem !== after.problem) this.options.notice(before.problem, false);
    if (after.problem) this.options.notice(after.problem, true);
  }
}
