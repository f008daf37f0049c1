// Reading records one by one, tolerantly (docs/tolerant-reading.md). The records' zod schemas stay the one
// description of their shapes; this file only decides what to do with a record that does not match: each
// field the schema refuses (a wrong type, null where the spec says a value) is taken out of the record
// and kept, with its raw value, in `cardDeskUnreadable`, so the record is shown with that field unknown
// and its raw view still holds what the service sent. A record without a readable `_id` cannot be
// shown, linked or cached: it is skipped, with a note. One odd record never costs the others.
import { z } from 'zod';

/** A field of a record that could not be read as the spec describes, as the record carries it. */
export const unreadableFieldSchema = z.object({
  /** The field's path: `phoneNumber`, `individual.identity.number`, `feeDetails[2].amount`. */
  field: z.string(),
  /** What was wrong, without the value: `expected string, got null`. */
  problem: z.string(),
  /** The value as the service sent it (for the record's raw view; never logged). */
  value: z.unknown().optional(),
});
export type UnreadableField = z.infer<typeof unreadableFieldSchema>;

/** The key a record carries its unreadable fields under (no service field has this name). */
export const UNREADABLE_KEY = 'cardDeskUnreadable';

/** What the log gets of a record read tolerantly: where it was, its id, and the fields, never their values. */
export interface RecordNote {
  /** The record's place in the answer's `data` (0-based). */
  position: number;
  /** The record's id, when it has a readable one. */
  id?: string;
  /** The fields that could not be read, and why. */
  fields: { field: string; problem: string }[];
  /** True when the record was left out (no readable id, or not an object). */
  skipped: boolean;
}

export type RecordRead<T> = { ok: true; record: T; unreadable: UnreadableField[] } | { ok: false; problem: string };

type Path = readonly PropertyKey[];
interface Leaf {
  path: Path;
  problem: string;
}

/** Rounds of taking fields out: each round answers every issue zod found, so two are nearly always enough. */
const MAX_ROUNDS = 4;

const typeName = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

function valueAt(root: unknown, path: Path): unknown {
  let v = root;
  for (const key of path) {
    if (typeof v !== 'object' || v === null) return undefined;
    v = (v as Record<PropertyKey, unknown>)[key];
  }
  return v;
}

export function fieldPath(path: Path): string {
  let text = '';
  for (const key of path) text += typeof key === 'number' ? `[${key}]` : text === '' ? String(key) : `.${String(key)}`;
  return text;
}

/**
 * The issues as fields to take out. A union (an id or an embedded record) whose value is an object is
 * read as the embedded record, so an odd field inside it costs only that field.
 */
function leaves(issues: readonly z.core.$ZodIssue[], prefix: Path, root: unknown): Leaf[] {
  const out: Leaf[] = [];
  for (const issue of issues) {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const inside = issue.errors.filter((branch) => branch.every((i) => i.path.length > 0));
      if (inside.length === 1 && inside[0]) {
        out.push(...leaves(inside[0], path, root));
        continue;
      }
    }
    out.push({ path, problem: problemOf(issue, valueAt(root, path)) });
  }
  return out;
}

/** What was wrong, in words that never hold the value itself. */
function problemOf(issue: z.core.$ZodIssue, value: unknown): string {
  if (value === undefined) return 'missing';
  if (issue.code === 'invalid_type') return `expected ${issue.expected}, got ${typeName(value)}`;
  if (issue.code === 'custom') return issue.message;
  return issue.code.replaceAll('_', ' ');
}

/** A copy of `root` whose objects and arrays along `path` are copies, so taking a field out leaves the input as it came. */
function copyAlong(root: unknown, path: Path, copies: Set<object>): unknown {
  const copy = (v: unknown): unknown => {
    if (typeof v !== 'object' || v === null || copies.has(v)) return v;
    const c = Array.isArray(v) ? [...(v as unknown[])] : { ...v };
    copies.add(c);
    return c;
  };
  const top = copy(root);
  let v = top;
  for (const key of path.slice(0, -1)) {
    if (typeof v !== 'object' || v === null) break;
    const holder = v as Record<PropertyKey, unknown>;
    holder[key] = copy(holder[key]);
    v = holder[key];
  }
  return top;
}

const ARRAY_HOLE = Symbol('taken out');

/** Reads one record with `schema`, taking out what it refuses (see the file's head). */
export function readRecord<T>(schema: z.ZodType<T>, raw: unknown): RecordRead<T> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, problem: `expected a record, got ${typeName(raw)}` };
  const first = schema.safeParse(raw);
  if (first.success) return { ok: true, record: first.data, unreadable: [] }; // nearly every record
  let value: unknown = raw;
  const unreadable: UnreadableField[] = [];
  const copies = new Set<object>();
  const places: Places = new WeakMap();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const parsed = round === 0 ? first : schema.safeParse(value);
    if (parsed.success) {
      if (unreadable.length === 0) return { ok: true, record: parsed.data, unreadable };
      const record = { ...(parsed.data as object), [UNREADABLE_KEY]: unreadable } as T;
      return { ok: true, record, unreadable };
    }
    const found = leaves(parsed.error.issues, [], value);
    for (const { path, problem } of found) {
      if (path.length === 0 || (path.length === 1 && path[0] === '_id'))
        return { ok: false, problem: path.length === 0 ? problem : `_id: ${problem}` };
      // A required field that is missing cannot be taken out: the smallest array item holding it is.
      let at = path;
      if (valueAt(value, path) === undefined) {
        const item = path.findLastIndex((k) => typeof k === 'number');
        if (item < 0) return { ok: false, problem: `${fieldPath(path)}: missing` };
        at = path.slice(0, item + 1);
      }
      value = copyAlong(value, at, copies);
      const holder = valueAt(value, at.slice(0, -1)) as Record<PropertyKey, unknown> | unknown[];
      const key = at[at.length - 1]!;
      const taken = (holder as Record<PropertyKey, unknown>)[key];
      if (taken === ARRAY_HOLE) continue; // already taken out for another of its fields
      unreadable.push({ field: fieldPath(originalPath(value, at, places)), problem, value: taken });
      if (Array.isArray(holder)) holder[key as number] = ARRAY_HOLE;
      else delete holder[key];
    }
    value = withoutHoles(value, copies, places);
  }
  return { ok: false, problem: 'fields that could not be read remained after taking them out' };
}

/** For an array closed up after items were taken out: each item's index in the array as the service sent it. */
type Places = WeakMap<object, number[]>;

/** `path` in `value` as a path in the record as sent (arrays closed up in earlier rounds had other indexes). */
function originalPath(value: unknown, path: Path, places: Places): Path {
  const out: PropertyKey[] = [];
  let v = value;
  for (const key of path) {
    const map = typeof v === 'object' && v !== null ? places.get(v) : undefined;
    out.push(typeof key === 'number' && map ? (map[key] ?? key) : key);
    v = typeof v === 'object' && v !== null ? (v as Record<PropertyKey, unknown>)[key] : undefined;
  }
  return out;
}

/** Arrays that had items taken out, closed up (only the copies this read made can hold a hole). */
function withoutHoles(v: unknown, copies: Set<object>, places: Places): unknown {
  if (typeof v !== 'object' || v === null || !copies.has(v)) return v;
  if (Array.isArray(v)) {
    const before = places.get(v);
    const kept: unknown[] = [];
    const at: number[] = [];
    (v as unknown[]).forEach((x, i) => {
      if (x === ARRAY_HOLE) return;
      kept.push(withoutHoles(x, copies, places));
      at.push(before?.[i] ?? i);
    });
    copies.add(kept);
    places.set(kept, at);
    return kept;
  }
  const o = v as Record<string, unknown>;
  for (const key of Object.keys(o)) o[key] = withoutHoles(o[key], copies, places);
  return o;
}

/** Reads every item of a list answer's `data`: the records kept, and a note for each odd or skipped one. */
export function readRecords<T>(schema: z.ZodType<T>, items: readonly unknown[]): { records: T[]; notes: RecordNote[] } {
  const records: T[] = [];
  const notes: RecordNote[] = [];
  for (let position = 0; position < items.length; position++) {
    const raw = items[position];
    const read = readRecord(schema, raw);
    const id = idOf(raw);
    if (!read.ok) {
      notes.push({
        position,
        ...(id ? { id } : {}),
        fields: [{ field: '(record)', problem: read.problem }],
        skipped: true,
      });
      continue;
    }
    records.push(read.record);
    if (read.unreadable.length > 0)
      notes.push({
        position,
        ...(id ? { id } : {}),
        fields: read.unreadable.map(({ field, problem }) => ({ field, problem })),
        skipped: false,
      });
  }
  return { records, notes };
}

function idOf(raw: unknown): string | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const id = (raw as { _id?: unknown })._id;
  return typeof id === 'string' && id !== '' && id.length <= 64 ? id : undefined;
}
