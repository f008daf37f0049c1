// The common response envelope (spec §2) with the quirks a real server has been seen to send
// (docs/api.md): numeric pagination fields as strings, `message` as an array of validation objects.
import { z } from 'zod';
import { readRecord, readRecords, type RecordNote } from './tolerant-read';

const count = z.coerce.number().int().min(0);

export const paginationSchema = z.looseObject({
  total: count,
  pages: count,
  page: count,
  limit: count,
});
export type Pagination = z.infer<typeof paginationSchema>;

export const validationMessageItemSchema = z.looseObject({
  property: z.string().optional(),
  constraints: z.record(z.string(), z.string()).optional(),
  children: z.array(z.unknown()).optional(),
});

export const envelopeMessageSchema = z.union([z.string(), z.array(z.union([z.string(), validationMessageItemSchema]))]);

export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.looseObject({
    statusCode: z.coerce.number().int().optional(),
    message: envelopeMessageSchema.optional(),
    data,
    pagination: paginationSchema.optional(),
  });

export const listEnvelopeSchema = <T extends z.ZodType>(item: T) =>
  z.looseObject({
    statusCode: z.coerce.number().int().optional(),
    message: envelopeMessageSchema.optional(),
    data: z.array(item),
    pagination: paginationSchema.optional(),
  });

/**
 * A list answer read record by record (tolerant-read.ts): the envelope and its pagination are checked as
 * strictly as `listEnvelopeSchema`, each item is read alone, and `notes` says which records had fields
 * that could not be read or were left out. The item schema is the same: zod stays the one description.
 */
export const tolerantListEnvelopeSchema = <T extends z.ZodType>(item: T) =>
  z
    .looseObject({
      statusCode: z.coerce.number().int().optional(),
      message: envelopeMessageSchema.optional(),
      data: z.array(z.unknown()),
      pagination: paginationSchema.optional(),
    })
    .transform(({ data, ...rest }) => {
      const { records, notes } = readRecords(item as z.ZodType<z.infer<T>>, data);
      return { ...rest, data: records, ...(notes.length > 0 ? { notes } : {}) };
    });

/**
 * A one-record answer read tolerantly: a field that cannot be read is taken out (and kept in the record's
 * raw view); a record that cannot be read at all (no id, a required amount missing) makes the answer unreadable.
 */
export const tolerantEnvelopeSchema = <T extends z.ZodType>(item: T) =>
  z
    .looseObject({
      statusCode: z.coerce.number().int().optional(),
      message: envelopeMessageSchema.optional(),
      data: z.unknown(),
      pagination: paginationSchema.optional(),
    })
    .transform(({ data, ...rest }, ctx) => {
      const read = readRecord(item as z.ZodType<z.infer<T>>, data);
      if (!read.ok) {
        ctx.issues.push({ code: 'custom', message: read.problem, input: data, path: ['data'] });
        return z.NEVER;
      }
      const notes: RecordNote[] =
        read.unreadable.length > 0
          ? [{ position: 0, fields: read.unreadable.map(({ field, problem }) => ({ field, problem })), skipped: false }]
          : [];
      return { ...rest, data: read.record, ...(notes.length > 0 ? { notes } : {}) };
    });

/**
 * Turns either message form into one readable sentence and, where it can, the offending field.
 * `[{property:'customerId', constraints:{isNotEmpty:'customerId should not be empty'}}]` -> field customerId.
 */
export function readEnvelopeMessage(message: unknown): { message: string; field?: string } {
  if (typeof message === 'string') return { message, field: fieldNamedIn(message) };
  if (Array.isArray(message)) {
    const parts: string[] = [];
    let field: string | undefined;
    for (const item of message) {
      if (typeof item === 'string') {
        parts.push(item);
        field ??= fieldNamedIn(item);
      } else if (item && typeof item === 'object') {
        const o = item as { property?: unknown; constraints?: unknown };
        if (typeof o.property === 'string') field ??= o.property;
        const cs = o.constraints && typeof o.constraints === 'object' ? Object.values(o.constraints) : [];
        const texts = cs.filter((c): c is string => typeof c === 'string');
        parts.push(
          texts.length ? texts.join('; ') : `${typeof o.property === 'string' ? o.property : 'a field'} is invalid`,
        );
      }
    }
    return { message: parts.join('; ') || 'The request was rejected', field };
  }
  return { message: 'The service gave no explanation' };
}

/** "customerId is required" / "customerId should not be empty" -> "customerId". */
function fieldNamedIn(text: string): string | undefined {
  const m = /^([A-Za-z_][A-Za-z0-9_.]*) (is|must|should|has)\b/.exec(text.trim());
  return m ? m[1] : undefined;
}
