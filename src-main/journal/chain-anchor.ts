// The chain's head, kept outside the file it protects. After every commit the journal notes its newest event
// (sequence number and MAC, with the journal's id and key id); the anchor writes it to the keychain in the
// background, one write at a time, the newest head winning when several commits come while one is written.
// So a write never waits for the keychain: the head lags the file by at most the commit being anchored, and
// Verify and the next opening find a file whose chain ends before the anchored event (a cut tail, an emptied
// events table, an older copy) or whose anchored event has another MAC (a rewrite, another file).
//
// Before a head is written the journal's files are synced to disk (off the main thread), so the keychain
// never names an event that a power cut could still take from the file: an entry's settlement is committed
// without its own fsync (journal.ts) and would otherwise read as a cut tail after a power cut.
//
// A keychain that goes away does not stop the journal: writes go on, the anchor says since which event the
// head is not written (Verify and a notice say so too), and the next commit tries again.
import { open } from 'node:fs/promises';
import { z } from 'zod';
import { errorMessage } from '../errors/error-message';
import type { SecretStore } from '../keychain/secret-store';
import type { Logger } from '../ports/ports';

/** A journal's newest event, and which journal and key it belongs to. */
export interface ChainHead {
  journalId: string;
  keyId: string;
  /** The first event of the chain under the key (journal-chain.ts). */
  keyedFrom: number;
  /** 0 for a journal with no event yet. */
  seq: number;
  mac: string;
}

const anchorSchema = z.object({
  v: z.literal(1),
  journalId: z.string(),
  keyId: z.string(),
  keyedFrom: z.number().int(),
  seq: z.number().int(),
  mac: z.string(),
  at: z.string(),
});
export type Anchor = Omit<z.infer<typeof anchorSchema>, 'v'>;

/** What the keychain holds: an anchor, none (`anchor` null), or why it could not be read (`problem`). */
export interface AnchorReading {
  anchor: Anchor | null;
  problem: string | null;
}

/** The anchor as the journal uses it. */
export interface AnchorPort {
  /** The head after a commit; returns at once. */
  note(head: ChainHead): void;
  /** Waits until the newest head noted is written, or has failed. */
  settle(): Promise<void>;
  read(): Promise<AnchorReading>;
  /** Why the newest head is not in the keychain, in words; null when it is. */
  readonly problem: string | null;
}

/** For a journal opened without an anchor (tools and tests): nothing is written, and Verify says so. */
export const NO_ANCHOR: AnchorPort = {
  note: () => undefined,
  settle: async () => undefined,
  read: async () => ({ anchor: null, problem: 'this journal was opened without an anchor in the keychain' }),
  problem: null,
};

/** Parses what the keychain holds; throws naming what is wrong when it is not an anchor. */
export function parseAnchor(stored: string | null): Anchor | null {
  if (stored === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(stored);
  } catch {
    throw new Error('the keychain entry of the anchor is not an anchor');
  }
  const checked = anchorSchema.safeParse(parsed);
  if (!checked.success) throw new Error('the keychain entry of the anchor is not an anchor');
  const { v: _v, ...anchor } = checked.data;
  return anchor;
}

/** Makes what the files hold durable: fsync each one that exists (its own handle, on libuv's threads). */
export async function syncFiles(files: readonly string[]): Promise<void> {
  for (const file of files) {
    let handle;
    try {
      handle = await open(file, 'r+');
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw e;
    }
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
  }
}

export interface ChainAnchorOptions {
  store: SecretStore;
  account: string;
  /** The journal's files, synced before each head is written (its WAL first). */
  files: readonly string[];
  now?: () => Date;
  logger?: Logger;
  /** Told when the head stops being written (a sentence) and when it is written again (null). */
  onProblem?: (problem: string | null) => void;
}

export class ChainAnchor implements AnchorPort {
  private wanted: ChainHead | null = null;
  private written: ChainHead | null = null;
  private writing: Promise<void> | null = null;
  private failure: { since: number; reason: string } | null = null;

  constructor(private readonly options: ChainAnchorOptions) {}

  get problem(): string | null {
    if (!this.failure) return null;
    return `the chain's head could not be written to the system keychain since event ${this.failure.since} (${this.failure.reason}), so whether events from there on were removed from its end cannot be checked`;
  }

  note(head: ChainHead): void {
    this.wanted = head;
    this.writing ??= this.drain();
  }

  async settle(): Promise<void> {
    await this.writing;
    // A head that failed is tried once more: the keychain may be back.
    if (this.wanted && this.wanted.seq !== this.written?.seq) {
      this.writing ??= this.drain();
      await this.writing;
    }
  }

  async read(): Promise<AnchorReading> {
    try {
      return { anchor: parseAnchor(await this.options.store.get(this.options.account)), problem: null };
    } catch (e) {
      return {
        anchor: null,
        problem: `the chain's head in the system keychain could not be read (${errorMessage(e)})`,
      };
    }
  }

  private async drain(): Promise<void> {
    try {
      while (this.wanted && !same(this.wanted, this.written)) {
        const head = this.wanted;
        try {
          await syncFiles(this.options.files);
          const at = (this.options.now?.() ?? new Date()).toISOString();
          await this.options.store.set(this.options.account, JSON.stringify({ v: 1, ...head, at }));
          this.written = head;
          if (this.failure) {
            this.failure = null;
            this.options.logger?.info({ seq: head.seq }, "the journal chain's head is written to the keychain again");
            this.options.onProblem?.(null);
          }
        } catch (e) {
          const first = this.failure === null;
          this.failure ??= { since: (this.written?.seq ?? 0) + 1, reason: errorMessage(e) };
          if (first) {
            this.options.logger?.warn(
              { seq: head.seq, error: errorMessage(e) },
              "the journal chain's head could not be anchored",
            );
            this.options.onProblem?.(this.problem);
          }
          return;
        }
      }
    } finally {
      this.writing = null;
    }
  }
}

const same = (a: ChainHead, b: ChainHead | null) =>
  b !== null && a.journalId === b.journalId && a.seq === b.seq && a.mac === b.mac;
