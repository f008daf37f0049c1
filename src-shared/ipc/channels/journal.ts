import { z } from 'zod';
import { WRITE_KIND_NAMES, writeKindSchema } from '../write-kinds';
import { channel, noInput } from './common';

export const JOURNAL_OUTCOMES = ['pending', 'succeeded', 'failed', 'outcome_unknown', 'reconciled'] as const;
/** What a look for an unknown outcome's result found, and how sure it is. */
export const reconciliationEvidenceSchema = z.object({
  /** When the service was asked (ISO). */
  checkedAt: z.string(),
  /** 'certain': the record carries this request's reference. 'likely': records that fit, none certain. 'none': nothing found. */
  certainty: z.enum(['certain', 'likely', 'none']),
  /** What was looked at and what was found, in the operator's words. */
  summary: z.string(),
  /** Ids of the records that fit (the one found, or the candidates). */
  candidates: z.array(z.string()),
});
export type ReconciliationEvidence = z.infer<typeof reconciliationEvidenceSchema>;

export const journalEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  environmentId: z.string(),
  operation: z.enum(WRITE_KIND_NAMES),
  /** The request as sent, with nothing secret in it. */
  request: z.record(z.string(), z.unknown()),
  clientReference: z.string().nullable(),
  fingerprint: z.string(),
  outcome: z.enum(JOURNAL_OUTCOMES),
  resultId: z.string().nullable(),
  error: z.string().nullable(),
  /** The user confirmed, after a warning, that this unknown outcome may be sent again. */
  resendAcknowledged: z.boolean(),
  /** The last look for this write's result (unknown outcomes), or null. */
  evidence: reconciliationEvidenceSchema.nullable(),
  /** The batch (issue from a file) this write belongs to, and its row in the file. */
  batchId: z.string().optional(),
  batchRow: z.number().int().nullable().optional(),
  /** Who made the write: the OS user name, and the computer's name (null for writes from before they were recorded). */
  operator: z.string().nullable().optional(),
  host: z.string().nullable().optional(),
});
export type JournalEntry = z.infer<typeof journalEntrySchema>;

export const journalStatusSchema = z.object({
  /**
   * 'ok': in use. 'refused': damaged, missing or replaced; no card or account request is sent until a new one is
   * started. 'waiting': the system keychain, which holds the journal's key, cannot be used; no request is sent
   * until it can (tried again at the next request).
   */
  state: z.enum(['ok', 'refused', 'waiting']),
  /** What happened, where the old file is and what to do (null when ok). */
  problem: z.string().nullable(),
  /** The name the old file was moved to in the data folder, when it was. */
  asideFile: z.string().nullable(),
});
export type JournalStatus = z.infer<typeof journalStatusSchema>;

/** What checking the journal's chain of events found (Journal → Verify). */
export const journalVerificationSchema = z.object({
  ok: z.boolean(),
  /** Events in the chain. */
  events: z.number().int(),
  /** When the chain began; null when there is no event yet. */
  startedAt: z.string().nullable(),
  /** Entries from before the chain, recorded as they were when it began (a journal from an earlier Card Desk). */
  adoptedEntries: z.number().int(),
  /**
   * The first event chained under the journal key (HMAC-SHA-256): 1, or where a journal whose events an earlier
   * Card Desk hashed without a key was re-anchored at the upgrade; null when the chain cannot be read.
   */
  keyedFrom: z.number().int().nullable(),
  /** The first event or entry that does not match, and what is wrong with it. */
  firstBad: z
    .object({
      seq: z.number().int().nullable(),
      entryId: z.string().nullable(),
      at: z.string().nullable(),
      problem: z.string(),
    })
    .nullable(),
  /**
   * The chain's head as last anchored in the system keychain, and why the end of the chain could not be checked
   * against it (no anchor, a keychain that could not be read or written); `problem` null when it was.
   */
  anchor: z.object({ seq: z.number().int().nullable(), at: z.string().nullable(), problem: z.string().nullable() }),
});
export type JournalVerification = z.infer<typeof journalVerificationSchema>;

export const journalChannels = {
  /** Checks the whole chain of the journal's events and names the first that does not match. */
  'journal.verify': channel(noInput, journalVerificationSchema),
  'journal.status': channel(noInput, journalStatusSchema),
  /** The desk's key that signs journal exports: its fingerprint (SHA-256 of the public key, hex), for IT to register. */
  'journal.exportFingerprint': channel(noInput, z.object({ fingerprint: z.string().regex(/^[0-9a-f]{64}$/) })),
  /** After the journal was refused: start a new, empty one (the old file stays where it was moved). */
  'journal.startNew': channel(
    z.object({ confirm: z.literal(true, { error: 'confirm must be true' }) }),
    journalStatusSchema,
  ),
  'journal.list': channel(
    z.object({
      query: z.string().max(200).optional(),
      outcome: z.enum(JOURNAL_OUTCOMES).optional(),
      operation: writeKindSchema().optional(),
      /** Days in UTC, inclusive. */
      fromDate: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'fromDate must be a date as YYYY-MM-DD' })
        .optional(),
      toDate: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'toDate must be a date as YYYY-MM-DD' })
        .optional(),
      /** Only the writes for this customer: part of their name (from the customer cache) or their id. */
      customer: z.string().trim().max(200).optional(),
      /** Only the writes of one batch (issue from a file). */
      batchId: z.string().min(1).max(64).optional(),
      page: z.number().int().min(0).optional(),
      limit: z.number().int().min(1).max(100).optional(),
    }),
    z.array(journalEntrySchema),
  ),
  /** After a warning, lets an "outcome unknown" request be sent again. */
  'journal.acknowledgeResend': channel(z.object({ id: z.string().min(1).max(64) }), journalEntrySchema),
};
