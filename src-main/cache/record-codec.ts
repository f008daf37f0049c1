// A customer's record in the cache, compactly: a JSON array of the fields every customer has, in fixed
// places, without their names. Strings many customers share (business, type, city, document addresses
// with the customer's id taken out) are numbers into customer_strings; the id, KYC state, creation time
// and identity number live in their own columns; the name, phone and email are left out when they are
// what the row's other columns give (`0`). Whatever else a record holds (fields this list does not name,
// values of an unexpected type) is kept as JSON in the array's first place, so nothing the service sent
// is lost. A record that is a JSON object (written before this form) is read as it is.
import type { Customer } from '../../src-shared/api/records';

/** The row's columns a record is read with. */
export interface RecordColumns {
  id: string;
  /** Lower-cased email (the email index's form). */
  email: string;
  /** National phone number (phone.ts). */
  phone: string;
  /** 0 not approved, 1 approved, 2 unknown. */
  kyc: number;
  /** createdAt in ms; null when it had none or an unreadable one. */
  created: number | null;
  /** The identity (BVN/NIN) number; null when none. */
  identity: string | null;
}

export interface StringsWriter {
  /** The number of `text` in customer_strings, adding it when new. */
  ref(text: string): number;
}
export interface StringsReader {
  text(n: number): string;
}

type Kind = 'shared' | 'text' | 'time' | 'num';
/** A field stored in the array: its place and kind. Places start at 1; place 0 holds the rest. */
type Leaf = { at: number; kind: Kind };
/** A field stored in a column instead. */
type Column = { column: 'isApproved' | 'createdAt' | 'identity' | 'id' };
type Shape = { [key: string]: Leaf | Column | Shape };

const leaf = (at: number, kind: Kind): Leaf => ({ at, kind });
const SHAPE: Shape = {
  _id: { column: 'id' },
  business: leaf(1, 'shared'),
  type: leaf(2, 'shared'),
  name: leaf(3, 'text'),
  status: leaf(4, 'shared'),
  isApproved: { column: 'isApproved' },
  phoneNumber: leaf(5, 'text'),
  emailAddress: leaf(6, 'text'),
  individual: {
    firstName: leaf(7, 'text'),
    lastName: leaf(8, 'text'),
    otherNames: leaf(9, 'text'),
    dob: leaf(10, 'text'),
    identity: { type: leaf(11, 'shared'), number: { column: 'identity' } },
    documents: {
      idFrontUrl: leaf(12, 'shared'),
      idBackUrl: leaf(13, 'shared'),
      addressVerificationUrl: leaf(14, 'shared'),
    },
  },
  billingAddress: {
    line1: leaf(15, 'text'),
    line2: leaf(16, 'text'),
    city: leaf(17, 'shared'),
    state: leaf(18, 'shared'),
    postalCode: leaf(19, 'text'),
    country: leaf(20, 'shared'),
  },
  createdAt: { column: 'createdAt' },
  updatedAt: leaf(21, 'time'),
  __v: leaf(22, 'num'),
};
const PLACES = 23;

const isLeaf = (s: Leaf | Column | Shape): s is Leaf => typeof (s as Leaf).at === 'number';
const isColumn = (s: Leaf | Column | Shape): s is Column => typeof (s as Column).column === 'string';
/** Sets an own property, also for keys such as `__proto__` that plain assignment treats specially. */
function put(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Stands for the customer's id inside a shared string (never in an address or a name). */
const ID_MARK = '\u0001';
/** A shared string longer than this that does not hold the id is likely unique: it is kept in place. */
const MAX_SHARED = 64;
/** In a text place: the value is what the row's columns give (see `derived`). */
const DERIVED = 0;

/** The createdAt column: ms, and whether the ISO text is exactly what that ms prints as. */
export function createdMsOf(createdAt: unknown): { ms: number | null; exact: boolean } {
  if (typeof createdAt !== 'string') return { ms: null, exact: false };
  const ms = Date.parse(createdAt);
  if (!Number.isFinite(ms)) return { ms: null, exact: false };
  return { ms, exact: new Date(ms).toISOString() === createdAt };
}

/** The text a derived place stands for, from the columns and the other fields. */
function derived(at: number, cols: RecordColumns, firstName: unknown, lastName: unknown): string | null {
  switch (at) {
    case 3:
      return typeof firstName === 'string' && typeof lastName === 'string' ? `${firstName} ${lastName}` : null;
    case 5:
      return cols.phone ? `+234${cols.phone}` : null;
    case 6:
      return cols.email || null;
    default:
      return null;
  }
}

function readShared(text: string, id: string): string {
  return text.includes(ID_MARK) ? text.split(ID_MARK).join(id) : text;
}

export function encodeRecord(customer: Customer, cols: RecordColumns, strings: StringsWriter): string {
  const places: unknown[] = new Array<unknown>(PLACES).fill(null);
  const person = isPlainObject(customer.individual) ? customer.individual : undefined;
  const encodeLeaf = (l: Leaf, value: unknown): boolean => {
    switch (l.kind) {
      case 'shared': {
        if (typeof value !== 'string') return false;
        const hasId = cols.id !== '' && value.includes(cols.id);
        if (value.includes(ID_MARK) || (!hasId && value.length > MAX_SHARED)) places[l.at] = value;
        else places[l.at] = strings.ref(hasId ? value.split(cols.id).join(ID_MARK) : value);
        return true;
      }
      case 'text':
        if (typeof value !== 'string') return false;
        places[l.at] = derived(l.at, cols, person?.firstName, person?.lastName) === value ? DERIVED : value;
        return true;
      case 'time': {
        if (typeof value !== 'string') return false;
        const { ms, exact } = createdMsOf(value);
        if (value === customer.createdAt && exact) places[l.at] = DERIVED;
        else places[l.at] = exact && ms !== DERIVED ? ms : value;
        return true;
      }
      case 'num':
        if (typeof value !== 'number') return false;
        places[l.at] = value;
        return true;
    }
  };
  const encodeColumn = (c: Column, value: unknown): boolean => {
    switch (c.column) {
      case 'id':
        return value === cols.id;
      case 'isApproved':
        return typeof value === 'boolean' && cols.kyc === (value ? 1 : 0);
      case 'createdAt':
        return createdMsOf(value).exact && cols.created === Date.parse(value as string);
      case 'identity':
        return typeof value === 'string' && value !== '' && value === cols.identity;
    }
  };
  /** Stores what `shape` names; answers what is left for the rest (undefined when nothing). */
  const walk = (value: Record<string, unknown>, shape: Shape): Record<string, unknown> | undefined => {
    let rest: Record<string, unknown> | undefined;
    for (const key of Object.keys(value)) {
      const v = value[key];
      const s = Object.hasOwn(shape, key) ? shape[key] : undefined;
      let stored = false;
      if (s === undefined) stored = false;
      else if (isLeaf(s)) stored = encodeLeaf(s, v);
      else if (isColumn(s)) stored = encodeColumn(s, v);
      else if (isPlainObject(v)) {
        const inner = walk(v, s);
        // An object none of whose fields has a place is kept in the rest, so it is rebuilt even when empty.
        const placed = Object.keys(v).length > (inner ? Object.keys(inner).length : 0);
        if (inner || !placed) put((rest ??= {}), key, inner ?? {});
        stored = true;
      }
      if (!stored) put((rest ??= {}), key, v);
    }
    return rest;
  };
  const rest = walk(customer as Record<string, unknown>, SHAPE);
  places[0] = rest ?? 0;
  let end = PLACES;
  while (end > 1 && places[end - 1] === null) end--;
  return JSON.stringify(end === PLACES ? places : places.slice(0, end));
}

function merge(into: Record<string, unknown>, rest: Record<string, unknown>): void {
  for (const key of Object.keys(rest)) {
    const have = into[key];
    const add = rest[key];
    if (isPlainObject(have) && isPlainObject(add) && Object.hasOwn(into, key)) merge(have, add);
    else put(into, key, add);
  }
}

export function decodeRecord(record: string, cols: RecordColumns, strings: StringsReader): Customer {
  if (record.startsWith('{')) return JSON.parse(record) as Customer;
  const places = JSON.parse(record) as unknown[];
  const at = (i: number): unknown => (i < places.length ? places[i] : null);
  const build = (shape: Shape): Record<string, unknown> | undefined => {
    let out: Record<string, unknown> | undefined;
    for (const key of Object.keys(shape)) {
      const s = shape[key]!;
      let v: unknown;
      if (isColumn(s)) v = columnValue(s, cols);
      else if (isLeaf(s)) v = leafValue(s, at(s.at));
      else v = build(s);
      if (v !== undefined) put((out ??= {}), key, v);
    }
    return out;
  };
  const leafValue = (l: Leaf, v: unknown): unknown => {
    if (v === null) return undefined;
    if (l.kind === 'shared') return typeof v === 'number' ? readShared(strings.text(v), cols.id) : v;
    if (l.kind === 'text' && v === DERIVED) return derived(l.at, cols, at(7), at(8)) ?? undefined;
    if (l.kind === 'time') {
      if (v === DERIVED) return cols.created === null ? undefined : new Date(cols.created).toISOString();
      return typeof v === 'number' ? new Date(v).toISOString() : v;
    }
    return v;
  };
  const customer = build(SHAPE) ?? {};
  const rest = places[0];
  if (isPlainObject(rest)) merge(customer, rest);
  return customer as Customer;
}

function columnValue(c: Column, cols: RecordColumns): unknown {
  switch (c.column) {
    case 'id':
      return cols.id;
    case 'isApproved':
      return cols.kyc === 2 ? undefined : cols.kyc === 1;
    case 'createdAt':
      // An inexact createdAt is in the rest, which is merged over this.
      return cols.created === null ? undefined : new Date(cols.created).toISOString();
    case 'identity':
      return cols.identity ?? undefined;
  }
}
