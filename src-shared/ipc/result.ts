// The error model every IPC handler returns instead of throwing (Electron keeps only error.message).
import { z } from 'zod';
import { paginationSchema, type Pagination } from '../api/envelope';
import { inOperatorWords } from '../api/field-words';

export const ERROR_KINDS = [
  'validation', // input broke a rule; `field`/`fields` say which
  'unauthorized', // the API key is missing, wrong or revoked
  'forbidden', // the sender is not our top frame, or the action is not allowed
  'not_found',
  'conflict', // e.g. an identical write is already in flight
  'rate_limited',
  'network', // could not reach the service
  'proxy_unreachable', // the proxy the request goes through did not answer
  'proxy_auth', // the proxy asks for a sign-in (407), or refused the one sent
  'timeout',
  'server', // 5xx, 402, or a response we could not read
  'outcome_unknown', // a write was sent and we cannot know whether it happened
  'keychain_unavailable',
  'offline',
  'cancelled',
  'internal',
] as const;
export type ErrorKind = (typeof ERROR_KINDS)[number];

export const appErrorSchema = z.object({
  kind: z.enum(ERROR_KINDS),
  message: z.string(),
  status: z.number().int().optional(),
  field: z.string().optional(),
  /** Every offending field with its message, for forms. */
  fields: z.record(z.string(), z.string()).optional(),
  retryAfterMs: z.number().optional(),
  /** An `unauthorized` error because no key is saved for the environment (not because one was refused). */
  keyMissing: z.boolean().optional(),
  /** The journal entry of the write this error is about (an unknown outcome, or a resend refused because of one). */
  journalEntryId: z.string().optional(),
  /** A write refused because an identical one succeeded moments ago: what was done, for "do it again?". */
  repeatOf: z
    .object({
      journalEntryId: z.string(),
      /** When the earlier write was sent (ISO). */
      at: z.string(),
      minutesAgo: z.number().int().min(0),
      /** What the earlier write created. */
      resultId: z.string().nullable(),
      /** "card", "wallet", "account". */
      noun: z.string(),
      /** Whom it was for, when known. */
      customerName: z.string().nullable(),
    })
    .optional(),
});
export type AppError = z.infer<typeof appErrorSchema>;

/** `notice`: something the operator should know about a success (a write sent on the desk's own guard only). */
export type Ok<T> = { ok: true; data: T; pagination?: Pagination; notice?: string };
export type Err = { ok: false; error: AppError };
export type Result<T> = Ok<T> | Err;

export const ok = <T>(data: T, pagination?: Pagination): Ok<T> =>
  pagination ? { ok: true, data, pagination } : { ok: true, data };
export const err = (kind: ErrorKind, message: string, extra: Omit<AppError, 'kind' | 'message'> = {}): Err => ({
  ok: false,
  error: { kind, message, ...extra },
});

export const resultSchema = <T extends z.ZodType>(data: T) =>
  z.union([
    z.object({ ok: z.literal(true), data, pagination: paginationSchema.optional(), notice: z.string().optional() }),
    z.object({ ok: z.literal(false), error: appErrorSchema }),
  ]);

/** A zod failure as a `validation` error naming the first field, with every field's message. */
export function validationError(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Err {
  const fields: Record<string, string> = {};
  for (const i of issues) {
    const key = i.path.map(String).join('.') || '(input)';
    fields[key] ??= inOperatorWords(key, i.message);
  }
  const first = issues[0];
  const field = first ? first.path.map(String).join('.') || undefined : undefined;
  const said = first ? inOperatorWords(field, first.message) : 'Invalid input';
  const message =
    first && field && said === first.message && !first.message.includes(field) ? `${field}: ${said}` : said;
  return err('validation', message, { ...(field ? { field } : {}), fields });
}
