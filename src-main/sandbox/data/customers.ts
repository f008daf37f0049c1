// Customers are never stored: each is rebuilt from (seed, index) when asked for, so a million of them
// cost nothing at start-up. Index order is creation order; ids carry the index in their counter part.
import type { Customer } from '../../../src-shared/api/records';
import { isObjectId } from '../../../src-shared/api/rules';
import { CustomerJsonWriter } from './customer-json';
import { isoTime } from './iso-time';
import { MAX_COUNTER, counterOf, kindPrefix, objectId } from './object-id';
import {
  EMAIL_DOMAINS,
  FEMALE_FIRST_NAMES,
  LAST_NAMES,
  MALE_FIRST_NAMES,
  MOBILE_PREFIXES,
  PLACES,
  STREET_SUFFIXES,
} from './people';
import { Random, kindTag, mix } from './random';

/** The first customer's creation time; later ones follow about every 30 s (fixed, so ids never depend on the clock). */
export const FIRST_CUSTOMER_AT = Date.UTC(2022, 0, 1);
const SPACING_MS = 30_000;
const DAY_MS = 86_400_000;

export const MAX_CUSTOMERS = Math.min(10_000_000, MAX_COUNTER + 1);

const CUSTOMER_TAG = kindTag('customer');
const TIME_TAG = kindTag('customer-time');
const DOCUMENTS_BASE = 'https://documents.sandbox.card-desk.test/customers/';
const PAD2 = Array.from({ length: 32 }, (_, i) => String(i).padStart(2, '0'));
/** Names as they appear in email addresses, worked out once per name. */
const emailForms = new Map<string, string>();
const emailForm = (name: string) => {
  let form = emailForms.get(name);
  if (form === undefined) emailForms.set(name, (form = name.toLowerCase().replace(/[^a-z]/g, '')));
  return form;
};

/** A customer as generated: every field of the customer list present. */
export interface ListedCustomer {
  _id: string;
  business: string;
  type: string;
  name: string;
  status: string;
  isApproved: boolean;
  phoneNumber: string;
  emailAddress: string;
  individual: {
    firstName: string;
    lastName: string;
    otherNames: string;
    dob: string;
    identity: { type: string; number: string };
    documents: { idFrontUrl: string; idBackUrl: string; addressVerificationUrl: string };
  };
  billingAddress: { line1: string; line2: string; city: string; state: string; postalCode: string; country: string };
  createdAt: string;
  updatedAt: string;
  __v: number;
}

// The customer list is written as bytes without escaping (customer-json.ts), one byte a character: every
// source of customer text must be printable ASCII without quotes or backslashes.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this looks for
const NEEDS_ESCAPING = /["\\\u0000-\u001f\u007f-\uffff]/;
for (const text of [
  ...FEMALE_FIRST_NAMES,
  ...MALE_FIRST_NAMES,
  ...LAST_NAMES,
  ...STREET_SUFFIXES,
  ...MOBILE_PREFIXES,
  ...EMAIL_DOMAINS.map(([d]) => d),
  ...PLACES.flatMap((p) => [p.city, p.state, p.postal]),
]) {
  if (NEEDS_ESCAPING.test(text)) throw new Error(`customer text needs JSON escaping: ${text}`);
}

export interface CustomerDirectoryOptions {
  seed: number;
  count: number;
  businessId: string;
}

export type CustomerOrder = 'oldest-first' | 'newest-first';

/** Memory for a page's bytes: at least `size` bytes, contents undefined. */
export type PageAlloc = (size: number) => Buffer;
const allocUnsafe: PageAlloc = (size) => Buffer.allocUnsafe(size);

export class CustomerDirectory {
  private total: number;
  /** The customer list's order by createdAt (the spec does not state one; servers differ). */
  order: CustomerOrder = 'oldest-first';
  private readonly seed: number;
  private readonly businessId: string;
  private readonly prefix: string;
  private readonly json: CustomerJsonWriter;

  constructor(options: CustomerDirectoryOptions) {
    if (!Number.isInteger(options.count) || options.count < 1 || options.count > MAX_CUSTOMERS) {
      throw new RangeError(`customers must be a whole number from 1 to ${MAX_CUSTOMERS}`);
    }
    this.seed = options.seed;
    this.total = options.count;
    this.businessId = options.businessId;
    this.prefix = kindPrefix(options.seed, 'customer');
    this.json = new CustomerJsonWriter(
      {
        randomOf: (index) => Random.forTag(this.seed, CUSTOMER_TAG, index),
        createdAtOf: (index) => this.createdAtOf(index),
      },
      this.businessId,
      this.prefix,
      DOCUMENTS_BASE,
    );
  }

  get count(): number {
    return this.total;
  }

  /** Customers created now: they take the next indexes (the newest createdAt). */
  add(count: number): void {
    if (!Number.isInteger(count) || count < 1 || this.total + count > MAX_CUSTOMERS)
      throw new RangeError(`count must be a whole number from 1 to ${MAX_CUSTOMERS - this.total}`);
    this.total += count;
  }

  /** Deletes the newest `count` customers (the list shrinks). */
  removeNewest(count: number): void {
    if (!Number.isInteger(count) || count < 1 || count >= this.total)
      throw new RangeError(`count must be a whole number from 1 to ${this.total - 1}`);
    this.total -= count;
  }

  /** Creation time of the customer at `index`: strictly increasing with the index. */
  createdAtOf(index: number): number {
    return FIRST_CUSTOMER_AT + index * SPACING_MS + (mix(this.seed, TIME_TAG, index) % (SPACING_MS - 1000));
  }

  idOf(index: number): string {
    return objectId(this.createdAtOf(index), this.prefix, index);
  }

  /** The index of a customer id, or null when no customer has it. */
  indexOf(id: unknown): number | null {
    if (!isObjectId(id)) return null;
    const index = counterOf(id);
    return index < this.count && this.idOf(index) === id ? index : null;
  }

  has(id: unknown): boolean {
    return this.indexOf(id) !== null;
  }

  /** Customers [from, to) as the customer list shows them. */
  range(from: number, to: number): ListedCustomer[] {
    const out: ListedCustomer[] = [];
    for (let i = Math.max(0, from); i < Math.min(to, this.count); i++) out.push(this.at(i));
    return out;
  }

  /**
   * `head`, the same customers as a JSON array, then `tail`, in bytes: what JSON.stringify of an
   * envelope around `range(from, to)` gives, written without building the customers as objects.
   */
  rangeJsonBytes(from: number, to: number, head = '', tail = '', alloc: PageAlloc = allocUnsafe): Buffer {
    const first = Math.max(0, from);
    return this.writeJson(first, Math.max(first, Math.min(to, this.total)), (i) => i, head, tail, alloc);
  }

  /**
   * The list's positions [from, to) in its order, as rangeJsonBytes writes them: newest first walks the
   * indexes down from the newest. `alloc` gives the memory (the route reuses pages' buffers).
   */
  listJsonBytes(from: number, to: number, head = '', tail = '', alloc: PageAlloc = allocUnsafe): Buffer {
    if (this.order === 'oldest-first') return this.rangeJsonBytes(from, to, head, tail, alloc);
    const first = Math.max(0, from);
    const newest = this.total - 1;
    return this.writeJson(first, Math.max(first, Math.min(to, this.total)), (p) => newest - p, head, tail, alloc);
  }

  /** `head`, the customers at indexOf(p) for p in [first, last) as a JSON array, then `tail`, in one buffer. */
  private writeJson(
    first: number,
    last: number,
    indexOf: (position: number) => number,
    head: string,
    tail: string,
    alloc: PageAlloc,
  ): Buffer {
    const per = this.json.maxCustomerBytes;
    let buf = alloc(head.length + tail.length + 2 + (last - first) * (per + 1));
    let at = buf.write(head, 0, 'latin1');
    buf[at++] = 0x5b; // [
    for (let p = first; p < last; p++) {
      // Never taken: maxCustomerBytes bounds a customer, and the buffer was sized for them all.
      if (at + per + 1 > buf.length) buf = Buffer.concat([buf.subarray(0, at)], (at + per + 1) * 2);
      if (p > first) buf[at++] = 0x2c; // ,
      at = this.json.write(buf, at, indexOf(p));
    }
    buf[at++] = 0x5d; // ]
    if (at + tail.length > buf.length) buf = Buffer.concat([buf.subarray(0, at)], at + tail.length);
    at += buf.write(tail, at, 'latin1');
    return buf.subarray(0, at);
  }

  /** The customer at `index` in the customer-list form (dob `YYYY/MM/DD`, documents present). */
  at(index: number): ListedCustomer {
    const r = Random.forTag(this.seed, CUSTOMER_TAG, index);
    const createdMs = this.createdAtOf(index);
    const id = objectId(createdMs, this.prefix, index);
    const female = r.chance(0.5);
    const firstNames = female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES;
    const firstName = r.pick(firstNames);
    const lastName = r.pick(LAST_NAMES);
    const otherNames = r.chance(0.35) ? r.pick(firstNames) : '';
    const place = r.pick(PLACES);
    const createdAt = isoTime(createdMs);
    const birthYear = Number(createdAt.slice(0, 4)) - r.int(18, 70);
    const updatedMs = r.chance(0.7) ? createdMs : createdMs + r.int(1, 30 * DAY_MS);
    const docs = DOCUMENTS_BASE + id;
    return {
      _id: id,
      business: this.businessId,
      type: 'individual',
      name: `${firstName} ${lastName}`,
      status: r.chance(0.97) ? 'active' : 'inactive',
      isApproved: r.chance(0.93),
      phoneNumber: `+234${r.pick(MOBILE_PREFIXES)}${r.digits(7)}`,
      emailAddress: `${emailForm(firstName)}.${emailForm(lastName)}${r.int(1, 999)}@${r.weighted(EMAIL_DOMAINS)}`,
      individual: {
        firstName,
        lastName,
        otherNames,
        dob: `${birthYear}/${PAD2[r.int(1, 12)]}/${PAD2[r.int(1, 28)]}`,
        identity: r.chance(0.7) ? { type: 'BVN', number: `22${r.digits(9)}` } : { type: 'NIN', number: r.digits(11) },
        documents: {
          idFrontUrl: `${docs}/id-front.jpg`,
          idBackUrl: `${docs}/id-back.jpg`,
          addressVerificationUrl: `${docs}/proof-of-address.pdf`,
        },
      },
      billingAddress: {
        line1: `${r.int(1, 250)} ${r.pick(LAST_NAMES)} ${r.pick(STREET_SUFFIXES)}`,
        line2: r.chance(0.25) ? `Flat ${r.int(1, 24)}` : '',
        city: place.city,
        state: place.state,
        postalCode: `${place.postal}${r.digits(2)}`,
        country: 'NG',
      },
      createdAt,
      updatedAt: isoTime(updatedMs),
      __v: 0,
    };
  }

  /** The customer as authorizations and transactions embed it: dob as a timestamp, isDeleted, no documents. */
  embedded(index: number): Customer {
    const customer = this.at(index);
    const { documents: _documents, dob, ...person } = customer.individual;
    return {
      ...customer,
      individual: { ...person, dob: dob ? `${dob.replaceAll('/', '-')}T00:00:00.000Z` : '' },
      isDeleted: false,
    };
  }
}
