// Reading an answer's envelope (spec §2): shared by the API client and the cache worker, which reads the
// customer pages of a sync off the calling thread (see CardApiClient.listCustomersBytes).
import type { z } from 'zod';
import type { Pagination } from '../../src-shared/api/envelope';
import type { RecordNote } from '../../src-shared/api/tolerant-read';

/** `notes`: the records read tolerantly (src-shared/api/tolerant-read.ts), for the log. */
export type Envelope<T> = { data: T; pagination?: Pagination; notes?: RecordNote[] };

/** The body as JSON, or undefined when it is empty or not JSON. */
export function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The data and pagination of a 2xx answer's body, or null when it is not JSON or not the envelope. */
export function readEnvelope<T>(envelope: z.ZodType<Envelope<T>>, body: unknown): Envelope<T> | null {
  if (body === undefined) return null;
  const parsed = envelope.safeParse(body);
  if (!parsed.success) return null;
  const { data, pagination, notes } = parsed.data;
  return { data, ...(pagination ? { pagination } : {}), ...(notes ? { notes } : {}) };
}
