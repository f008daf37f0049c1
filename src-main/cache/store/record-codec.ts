// A customer's record in the cache, compactly: a JSON array of the fields every customer has, in fixed
// places, without their names. Strings many customers share (business, type, city, document addresses
// with the customer's id taken out) are numbers into customer_strings. Every field of the customer is in
// the record, sealed (record-seal.ts): its id is authenticated with the record's group (sealed-groups.ts), and
// nothing is taken from the row's readable columns (email, phone, KYC state, creation time), which are search
// terms only: a changed column never changes the customer a record opens as. The only fields worked out
// rather than stored are worked out from the record itself (a name that is the first and last names, an
// updatedAt that is the createdAt: `0`). Whatever else a record holds (fields this list does not name,
// values of an unexpected type) is kept as JSON in the array's first place, so nothing the service sent is
// lost.
import type { Customer } from '../../../src-shared/api/records';

/** The row's columns a record is written with (the id, for the shared strings it is taken out of). */
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
}

export interface StringsWriter {
  /** The number of `text` in customer_strings, adding it when new. */
  ref(text: string): number;
}
export interface StringsReader {
  text(n: number): string;
}

type Kind = 'shared' | 'text' | 'time' | 'num' | 'flag' | 'created';
/** A field stored in the array: its place and kind. Places start at 1; place 0 holds the rest. */
type Leaf = { at: number; kind: Kind };
/** A field stored in a column instead. */
type Column = { column: 'id' };
type Shape = { [key: string]: Leaf | Column | Shape };

const leaf = (at: number, kind: Kind): Leaf => ({ at, kind });
const SHAPE: Shape = {
  _id: { column: 'id' },
  business: leaf(1, 'shared'),
  type: leaf(2, 'shared'),
  name: leaf(3, 'text'),
  status: leaf(4, 'shared'),
  isApproved: leaf(24, 'flag'),
  phoneNumber: leaf(5, 'text'),
  emailAddress: leaf(6, 'text'),
  individual: {
    firstName: leaf(7, 'text'),
    lastName: leaf(8, 'text'),
    otherNames: leaf(9, 'text'),
    dob: leaf(10, 'text'),
    identity: { type: leaf(11, 'shared'), number: leaf(23, 'text') },
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
  createdAt: leaf(25, 'created'),
  updatedAt: leaf(21, 'time'),
  __v: leaf(22, 'num'),
};
const PLACES = 26;

const isLeaf = (s: Leaf | Column | Shape): s is Leaf => typeof (s as Leaf).at === 'number';
const isColumn = (s: Leaf | Column | Shape): s is Column => typeof (s as Column).column === 'string';
/** Sets an own property, also for keys such as `__proto__` that plain assignment treats specially. */
function put(obj: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__')
    Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
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

/** The text a derived place stands for, from the record's other fields: the name, from the first and last. */
function derived(at: number, firstName: unknown, lastName: unknown): string | null {
  return at === 3 && typeof firstName === 'string' && typeof lastName === 'string' ? `${firstName} ${lastName}` : null;
}

/** `text` with each `id` in it (the first at `at`) replaced by ID_MARK. */
function withoutId(text: string, id: string, at: number): string {
  // Nearly always once (a document's address): two slices, not a split and a join.
  if (text.indexOf(id, at + id.length) < 0) return text.slice(0, at) + ID_MARK + text.slice(at + id.length);
  return text.split(id).join(ID_MARK);
}

function readShared(text: string, id: string): string {
  const at = text.indexOf(ID_MARK);
  if (at < 0) return text;
  // Nearly always one mark (a document's address): two slices, not a split and a join.
  return text.indexOf(ID_MARK, at + 1) < 0 ? text.slice(0, at) + id + text.slice(at + 1) : text.split(ID_MARK).join(id);
}

/** What encoding one customer works with (module-level functions, not closures: this runs per synced customer). */
interface Encoding {
  places: unknown[];
  cols: RecordColumns;
  strings: StringsWriter;
  firstName: unknown;
  lastName: unknown;
  createdAt: unknown;
  /** createdAt is exactly what the created column prints as. */
  createdExact: boolean;
}

function encodeLeaf(e: Encoding, l: Leaf, value: unknown): boolean {
  switch (l.kind) {
    case 'shared': {
      if (typeof value !== 'string') return false;
      const id = e.cols.id;
      const at = id === '' ? -1 : value.indexOf(id);
      if (value.includes(ID_MARK) || (at < 0 && value.length > MAX_SHARED)) e.places[l.at] = value;
      else e.places[l.at] = e.strings.ref(at < 0 ? value : withoutId(value, id, at));
      return true;
    }
    case 'text':
      if (typeof value !== 'string') return false;
      e.places[l.at] = derived(l.at, e.firstName, e.lastName) === value ? DERIVED : value;
      return true;
    case 'time': {
      if (typeof value !== 'string') return false;
      if (value === e.createdAt && e.createdExact) e.places[l.at] = DERIVED;
      else {
        const { ms, exact } = createdMsOf(value);
        e.places[l.at] = exact && ms !== DERIVED ? ms : value;
      }
      return true;
    }
    case 'created': {
      if (typeof value !== 'string') return false;
      const { ms, exact } = createdMsOf(value);
      e.places[l.at] = exact ? ms : value;
      return true;
    }
    case 'flag':
      if (typeof value !== 'boolean') return false;
      e.places[l.at] = value ? 1 : 0;
      return true;
    case 'num':
      if (typeof value !== 'number') return false;
      e.places[l.at] = value;
      return true;
  }
}

function encodeColumn(e: Encoding, _c: Column, value: unknown): boolean {
  // The id: authenticated with the record's group, so a record stores it only when it is not the row's.
  return value === e.cols.id;
}

/**
 * SHAPE as the encoder walks it: a Map per object and one kind of node (a walk over SHAPE's objects,
 * three shapes told apart by their properties, cost several times more per synced customer).
 */
interface Node {
  leaf: Leaf | null;
  column: Column | null;
  inner: Map<string, Node> | null;
}
function compile(shape: Shape): Map<string, Node> {
  const nodes = new Map<string, Node>();
  for (const [key, s] of Object.entries(shape)) {
    if (isLeaf(s)) nodes.set(key, { leaf: s, column: null, inner: null });
    else if (isColumn(s)) nodes.set(key, { leaf: null, column: s, inner: null });
    else nodes.set(key, { leaf: null, column: null, inner: compile(s) });
  }
  return nodes;
}
const NODES = compile(SHAPE);

/** Stores what `nodes` names; answers what is left for the rest (undefined when nothing). */
function walk(
  e: Encoding,
  value: Record<string, unknown>,
  nodes: Map<string, Node>,
): Record<string, unknown> | undefined {
  let rest: Record<string, unknown> | undefined;
  for (const key of Object.keys(value)) {
    const v = value[key];
    const s = nodes.get(key);
    let stored = false;
    if (s === undefined) stored = false;
    else if (s.leaf) stored = encodeLeaf(e, s.leaf, v);
    else if (s.column) stored = encodeColumn(e, s.column, v);
    else if (isPlainObject(v)) {
      const inner = walk(e, v, s.inner!);
      // An object none of whose fields has a place is kept in the rest, so it is rebuilt even when empty.
      const placed = Object.keys(v).length > (inner ? Object.keys(inner).length : 0);
      if (inner || !placed) put((rest ??= {}), key, inner ?? {});
      stored = true;
    }
    if (!stored) put((rest ??= {}), key, v);
  }
  return rest;
}

export function encodeRecord(customer: Customer, cols: RecordColumns, strings: StringsWriter): string {
  const person = isPlainObject(customer.individual) ? customer.individual : undefined;
  const createdAt = customer.createdAt;
  const e: Encoding = {
    places: new Array<unknown>(PLACES).fill(null),
    cols,
    strings,
    firstName: person?.firstName,
    lastName: person?.lastName,
    createdAt,
    createdExact: createdMsOf(createdAt).exact,
  };
  const rest = walk(e, customer, NODES);
  const places = e.places;
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

/** A shared place's text: a number into customer_strings (the id put back) or the text itself. */
function sharedAt(v: unknown, id: string, strings: StringsReader): unknown {
  if (v === null || v === undefined) return undefined;
  return typeof v === 'number' ? readShared(strings.text(v), id) : v;
}
function textAt(v: unknown): unknown {
  return v === null ? undefined : v;
}
/** A text place that may be DERIVED from the record's other fields (the name). */
function derivedAt(at: number, v: unknown, places: unknown[]): unknown {
  if (v === null || v === undefined) return undefined;
  return v === DERIVED ? (derived(at, places[7], places[8]) ?? undefined) : v;
}
/** createdAt as stored: ms when the text was exactly what they print as, else the text. */
function createdAtOf(v: unknown): unknown {
  return typeof v === 'number' ? new Date(v).toISOString() : textAt(v);
}

/** Sets `key` on `obj` when `value` is there; answers whether it was. */
function set(obj: Record<string, unknown>, key: string, value: unknown): boolean {
  if (value === undefined) return false;
  obj[key] = value;
  return true;
}

/**
 * Reads a record written by encodeRecord, field by field in SHAPE's order (written out: this runs for
 * every customer a search shows, and a walk over the shape costs several times more). `id` is the
 * customer's, as its group authenticated it; nothing else comes from outside the record.
 */
export function decodeRecord(record: string, id: string, strings: StringsReader): Customer {
  const parsed = JSON.parse(record) as unknown;
  if (!Array.isArray(parsed)) throw new TypeError('A cached record is not in the current form.');
  const p: unknown[] = parsed;
  const c: Record<string, unknown> = { _id: id };
  set(c, 'business', sharedAt(p[1], id, strings));
  set(c, 'type', sharedAt(p[2], id, strings));
  set(c, 'name', derivedAt(3, p[3], p));
  set(c, 'status', sharedAt(p[4], id, strings));
  if (p[24] === 0 || p[24] === 1) c.isApproved = p[24] === 1;
  set(c, 'phoneNumber', textAt(p[5]));
  set(c, 'emailAddress', textAt(p[6]));
  const person: Record<string, unknown> = {};
  let hasPerson = set(person, 'firstName', textAt(p[7]));
  hasPerson = set(person, 'lastName', textAt(p[8])) || hasPerson;
  hasPerson = set(person, 'otherNames', textAt(p[9])) || hasPerson;
  hasPerson = set(person, 'dob', textAt(p[10])) || hasPerson;
  const identity: Record<string, unknown> = {};
  let hasIdentity = set(identity, 'type', sharedAt(p[11], id, strings));
  hasIdentity = set(identity, 'number', textAt(p[23])) || hasIdentity;
  if (hasIdentity) hasPerson = set(person, 'identity', identity);
  const documents: Record<string, unknown> = {};
  let hasDocuments = set(documents, 'idFrontUrl', sharedAt(p[12], id, strings));
  hasDocuments = set(documents, 'idBackUrl', sharedAt(p[13], id, strings)) || hasDocuments;
  hasDocuments = set(documents, 'addressVerificationUrl', sharedAt(p[14], id, strings)) || hasDocuments;
  if (hasDocuments) hasPerson = set(person, 'documents', documents);
  if (hasPerson) c.individual = person;
  const address: Record<string, unknown> = {};
  let hasAddress = set(address, 'line1', textAt(p[15]));
  hasAddress = set(address, 'line2', textAt(p[16])) || hasAddress;
  hasAddress = set(address, 'city', sharedAt(p[17], id, strings)) || hasAddress;
  hasAddress = set(address, 'state', sharedAt(p[18], id, strings)) || hasAddress;
  hasAddress = set(address, 'postalCode', textAt(p[19])) || hasAddress;
  hasAddress = set(address, 'country', sharedAt(p[20], id, strings)) || hasAddress;
  if (hasAddress) c.billingAddress = address;
  const created = createdAtOf(p[25]);
  set(c, 'createdAt', created);
  const updated = p[21];
  if (updated === DERIVED) set(c, 'updatedAt', created);
  else if (typeof updated === 'number') c.updatedAt = new Date(updated).toISOString();
  else set(c, 'updatedAt', textAt(updated));
  set(c, '__v', textAt(p[22]));
  const rest = p[0];
  if (isPlainObject(rest)) merge(c, rest);
  return c as Customer;
}
