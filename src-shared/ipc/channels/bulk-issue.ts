// Issue from a file: a CSV of card requests checked row by row (preview), then sent as one batch that
// can be paused, resumed and cancelled, survives the app being killed, and never sends a row twice.
import { z } from 'zod';
import { channel, noInput } from './common';

/** The most rows a file may have (the header not counted). */
export const MAX_BATCH_ROWS = 5_000;
/** The most characters a file may have (about 800 per row). */
export const MAX_BATCH_CSV_CHARS = 4_000_000;
/** The most bytes a chosen file may have: refused by its size before it is read (UTF-16 takes two a character). */
export const MAX_BATCH_FILE_BYTES = 2 * MAX_BATCH_CSV_CHARS;

/**
 * The template's header, in this order: what the template download holds. Every field a single card can
 * take from the wizard has its column, except a physical card's number (a batch keeps its requests on disk).
 */
export const BULK_COLUMNS = [
  'customer',
  'type',
  'brand',
  'currency',
  'status',
  'amount',
  'expirationDate',
  'debitAccountId',
  'fundingSourceId',
  'accountId',
  'bankCode',
  'accountNumber',
  'mapAnywayBecause',
  'replacementFor',
  'reason',
  'issuerCountry',
  'enable2FA',
  'sendPINSMS',
  'spendingLimit',
  'spendingInterval',
  'channels',
  'allowedCategories',
  'blockedCategories',
  'reference',
] as const;
export type BulkColumn = (typeof BULK_COLUMNS)[number];

/** What each template column is called on screen (the column mapping), in the operator's words. */
export const BULK_COLUMN_LABELS: Record<BulkColumn, string> = {
  customer: 'Customer (id, e-mail, phone, BVN or NIN)',
  type: 'Card type',
  brand: 'Brand',
  currency: 'Currency',
  status: 'Status (Active when empty)',
  amount: 'Funding amount (MasterCard)',
  expirationDate: 'Expiry date (Visa)',
  debitAccountId: 'Debit account (number or id)',
  fundingSourceId: 'Funding source',
  accountId: 'Account of the business to map to (number or id)',
  bankCode: 'Bank code',
  accountNumber: 'Bank account number',
  mapAnywayBecause: 'Why it is mapped to another holder’s account',
  replacementFor: 'Card to replace',
  reason: 'Why it is replaced (lost or stolen)',
  issuerCountry: 'Issuer country',
  enable2FA: 'Two-factor codes (yes or no)',
  sendPINSMS: 'PIN by SMS (yes or no)',
  spendingLimit: 'Spending limit',
  spendingInterval: 'Spending limit period',
  channels: 'Channels (pos, web, atm, mobile or all)',
  allowedCategories: 'Only these categories',
  blockedCategories: 'Blocked categories',
  reference: 'Your reference',
};

/** A file saved where the operator chose: its name and folder (null when the operator cancelled). */
const savedFileSchema = z.object({
  saved: z.boolean(),
  fileName: z.string().nullable(),
  folder: z.string().nullable(),
});

export const ROW_STATUSES = [
  'ready',
  'invalid',
  'ambiguous',
  'not_found',
  'duplicate_in_file',
  'already_issued',
] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];

export const BATCH_STATES = ['ready', 'running', 'paused', 'interrupted', 'done', 'cancelled'] as const;
export type BatchState = (typeof BATCH_STATES)[number];

/**
 * What became of a row once the batch ran: `skipped` rows were never to be sent; `not_issued` rows were sent,
 * their answer was lost, and reconciliation showed no card was made (bulk-issue/absence.ts).
 */
export const ROW_OUTCOMES = ['issued', 'failed', 'unknown', 'not_sent', 'skipped', 'not_issued'] as const;
export type RowOutcome = (typeof ROW_OUTCOMES)[number];

const batchIdSchema = z
  .string({ error: 'batchId is required' })
  .trim()
  .regex(/^[0-9a-f-]{36}$/, { error: 'batchId is not a batch id' });
export const batchInputSchema = z.object({ batchId: batchIdSchema });

export const candidateSchema = z.object({ customerId: z.string(), name: z.string() });

export const previewRowSchema = z.object({
  /** The row's number in the file, 1 for the first row under the header. */
  row: z.number().int().min(1),
  status: z.enum(ROW_STATUSES),
  customerId: z.string().optional(),
  customerName: z.string().optional(),
  /** The customer's KYC state, as the cache knows it. */
  kyc: z.enum(['approved', 'not_approved', 'unknown']).optional(),
  /** Why the row is not ready, in the operator's words. */
  message: z.string().optional(),
  /** The customers a row's customer column could mean (ambiguous rows). */
  candidates: z.array(candidateSchema).optional(),
  /** What the row asks for, for the operator to read: "virtual Verve NGN, active". */
  card: z.string().optional(),
  reference: z.string().optional(),
});
export type PreviewRow = z.infer<typeof previewRowSchema>;

export const countsSchema = z.object({
  total: z.number().int(),
  ready: z.number().int(),
  /** invalid, ambiguous, not found. */
  toFix: z.number().int(),
  /** repeated in the file, already issued. */
  toSkip: z.number().int(),
  invalid: z.number().int(),
  ambiguous: z.number().int(),
  not_found: z.number().int(),
  duplicate_in_file: z.number().int(),
  already_issued: z.number().int(),
});
export type BatchCounts = z.infer<typeof countsSchema>;

export const columnMatchSchema = z.object({
  /** The column's name in the file. */
  header: z.string(),
  /** The template column it was taken as, or null when it is not used. */
  field: z.enum(BULK_COLUMNS).nullable(),
  /** True when the name is not the template's own (the operator should confirm it). */
  guessed: z.boolean(),
});

export const previewInputSchema = z.object({
  csv: z
    .string({ error: 'csv is required' })
    .min(1, { error: 'The file is empty' })
    .max(MAX_BATCH_CSV_CHARS, { error: `csv must be at most ${MAX_BATCH_CSV_CHARS / 1_000_000} million characters` }),
  fileName: z.string().max(255).optional(),
  /** The operator's corrections of the column matching: the file's column name → template column, or null to ignore it. */
  columns: z.record(z.string().max(200), z.enum(BULK_COLUMNS).nullable()).optional(),
});

export const previewSchema = z.object({
  batchId: z.string(),
  counts: countsSchema,
  rows: z.array(previewRowSchema),
  columns: z.array(columnMatchSchema),
  /** An earlier batch of the same file in this environment, when there is one. */
  sameFileAs: z.object({ batchId: z.string(), createdAt: z.string(), state: z.enum(BATCH_STATES) }).nullable(),
});
export type BatchPreview = z.infer<typeof previewSchema>;

export const startInputSchema = batchInputSchema.extend({
  /** The number of cards the operator typed to confirm; main refuses the start unless it is the number of rows to send. */
  cards: z
    .number({ error: 'cards is required: type the number of cards the batch sends' })
    .int({ error: 'cards must be a whole number' })
    .min(0, { error: 'cards must be a whole number' }),
  /** Rows previewed as already issued that the operator asks to issue again, one by one. */
  issueAgainRows: z.array(z.number().int().min(1)).max(5_000).optional(),
});

export const statusSchema = z.object({
  batchId: z.string(),
  state: z.enum(BATCH_STATES),
  fileName: z.string().nullable(),
  createdAt: z.string(),
  /** Rows to send. */
  total: z.number().int(),
  sent: z.number().int(),
  issued: z.number().int(),
  failed: z.number().int(),
  unknown: z.number().int(),
  /** Rows whose answer was lost and that reconciliation showed were not issued. */
  notIssued: z.number().int(),
  /** Cards issued per minute while the batch ran (null before the first). */
  perMinute: z.number().nullable(),
  /** Estimated time left, rate-limit waits included (null when not running or not known). */
  etaMs: z.number().nullable(),
  /** Set while the batch waits for the rate limit: when it goes on (Unix ms). */
  waitingUntil: z.number().nullable(),
  /** What the operator should know now (an interruption, a refused journal), in their words. */
  message: z.string().nullable(),
});
export type BatchStatus = z.infer<typeof statusSchema>;

export const resultRowSchema = z.object({
  row: z.number().int(),
  status: z.enum(ROW_STATUSES),
  outcome: z.enum(ROW_OUTCOMES),
  customer: z.string(),
  customerId: z.string().nullable(),
  customerName: z.string().nullable(),
  card: z.string().nullable(),
  reference: z.string().nullable(),
  cardId: z.string().nullable(),
  maskedPan: z.string().nullable(),
  /** Why the row was not issued, or what is known of an unknown outcome, in the operator's words. */
  error: z.string().nullable(),
  journalEntryId: z.string().nullable(),
});
export type BatchResultRow = z.infer<typeof resultRowSchema>;

export const resultsSchema = z.object({ batchId: z.string(), rows: z.array(resultRowSchema) });

export const bulkIssueChannels = {
  'bulkIssue.preview': channel(previewInputSchema, previewSchema),
  /** A batch that needs approval (the policy's `bulkIssue`) is refused here: it is sent for approval instead. */
  'bulkIssue.start': channel(startInputSchema, statusSchema, {
    approval: ({ batchId }) => ({ operation: 'bulkIssue', input: { batchId } }),
  }),
  'bulkIssue.pause': channel(batchInputSchema, statusSchema),
  'bulkIssue.resume': channel(batchInputSchema, statusSchema),
  'bulkIssue.cancel': channel(batchInputSchema, statusSchema),
  'bulkIssue.status': channel(batchInputSchema, statusSchema),
  'bulkIssue.results': channel(batchInputSchema, resultsSchema),
  /** This environment's recent batches, newest first (an interrupted one is shown on start). */
  'bulkIssue.list': channel(noInput, z.array(statusSchema)),
  /** Saves the template CSV where the operator chooses. */
  'bulkIssue.saveTemplate': channel(noInput, savedFileSchema),
  /** Saves the results CSV of a batch where the operator chooses. */
  'bulkIssue.saveResults': channel(batchInputSchema, savedFileSchema),
};
