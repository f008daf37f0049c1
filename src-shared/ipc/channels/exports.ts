import { z } from 'zod';
import { channel } from './common';

export const EXPORT_SOURCES = [
  'customers',
  'accounts',
  'authorizations',
  'disputes',
  'fundingSources',
  'cardTransactions',
  'journal',
  'knownCards',
  'teamJournal',
  'approvals',
] as const;

export const exportProgressSchema = z.object({
  exportId: z.string(),
  phase: z.enum(['running', 'done', 'cancelled', 'failed']),
  rows: z.number().int(),
  pagesDone: z.number().int(),
  totalPages: z.number().int().nullable(),
  /** Records read from the list so far, and over all pages when known: `rows` is fewer when a filter applies. */
  readRows: z.number().int().optional(),
  totalRows: z.number().int().nullable().optional(),
  /** Where the file was written (shown to the user), when done. */
  file: z.string().nullable(),
  message: z.string().optional(),
  /** Set while the export waits for the rate limit: when it resumes (Unix ms). */
  waitingUntil: z.number().optional(),
});
export type ExportProgress = z.infer<typeof exportProgressSchema>;

export const exportsChannels = {
  /** Asks main where to save (a native dialog), then writes the current query across all pages as CSV. */
  'exports.start': channel(
    z.object({
      source: z.enum(EXPORT_SOURCES),
      query: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
    }),
    z.object({ exportId: z.string().nullable(), cancelledByUser: z.boolean() }),
  ),
  'exports.cancel': channel(z.object({ exportId: z.string().min(1).max(64) }), z.object({ cancelled: z.boolean() })),
};
