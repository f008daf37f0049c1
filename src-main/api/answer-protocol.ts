// The messages between the calling thread and the answer reader (answer-thread.ts). The answer's bytes
// go over by transfer (no copy); the checked records come back in slices the calling thread asks for
// one at a time, so taking them in never holds it for long (see answer-reader.ts).
import type { Envelope } from './envelope-reader';
import type { EnvelopeName } from './envelopes';

/** About how much of the answer's JSON one slice of records stands for: taking it in is a few ms. */
export const SLICE_BYTES = 256 * 1024;

/** Why a 2xx answer could not be read. */
export type AnswerProblem = 'not JSON' | 'not the envelope';

export type AnswerAsk =
  /** Read the bytes; with an envelope name, check them as that envelope, else hand back what an error needs. */
  | { type: 'read'; id: number; bytes: ArrayBuffer; envelope: EnvelopeName | null }
  /** The next slice of the records held for `id`. */
  | { type: 'more'; id: number }
  /** The caller gave up on `id`: drop what is held for it. */
  | { type: 'drop'; id: number };

export type AnswerReply =
  /** The envelope, its data whole or its first slice of records (`more`: further slices are held). */
  | { type: 'envelope'; id: number; envelope: Envelope<unknown>; more: boolean }
  | { type: 'slice'; id: number; rows: unknown[]; more: boolean }
  | { type: 'unreadable'; id: number; problem: AnswerProblem }
  /** An error answer's body as the failures read it (its message), or undefined when not JSON. */
  | { type: 'body'; id: number; body: unknown }
  | { type: 'failed'; id: number; message: string };
