// The customer list as JSON bytes, written into one buffer: the hot path of a full sync. Fixed-length
// stretches are copied whole and their ids, digits and times written in; names are copied byte by byte.
// It draws from each customer's random stream in exactly the order CustomerDirectory.at does and writes
// what JSON.stringify of that customer would give (a test compares the two). Every piece of text is
// printable ASCII checked in customers.ts, so one byte per character is its UTF-8.
import {
  EMAIL_DOMAINS,
  FEMALE_FIRST_NAMES,
  LAST_NAMES,
  MALE_FIRST_NAMES,
  MOBILE_PREFIXES,
  PLACES,
  STREET_SUFFIXES,
} from './people';
import type { Random } from './random';

const DAY_MS = 86_400_000;

const bytes = (text: string) => Uint8Array.from(text, (ch) => ch.charCodeAt(0));
const emailFormOf = (name: string) => name.toLowerCase().replace(/[^a-z]/g, '');

/** A name list as bytes, with the email form of each name beside it (`form.` for first names). */
interface Names {
  text: Uint8Array[];
  email: Uint8Array[];
}
const namesOf = (list: readonly string[], emailEnd: string): Names => ({
  text: list.map(bytes),
  email: list.map((n) => bytes(emailFormOf(n) + emailEnd)),
});

const FEMALE = namesOf(FEMALE_FIRST_NAMES, '.');
const MALE = namesOf(MALE_FIRST_NAMES, '.');
const LAST = namesOf(LAST_NAMES, '');
/** A last name in the individual, with the keys either side. */
const INDIVIDUAL_LAST = LAST_NAMES.map((n) => bytes(`","lastName":"${n}","otherNames":"`));
const STREETS = STREET_SUFFIXES.map((s) => bytes(` ${s}","line2":"`));
const MOBILES = MOBILE_PREFIXES.map(bytes);
const DOMAIN_WEIGHTS = EMAIL_DOMAINS.map(([, w]) => w);
const DOMAIN_WEIGHT_TOTAL = DOMAIN_WEIGHTS.reduce((a, b) => a + b, 0);

/** Random.weighted over the email domains as an index, with the same arithmetic (so the same draw). */
function domainIndex(r: Random): number {
  let x = r.next() * DOMAIN_WEIGHT_TOTAL;
  for (let i = 0; i < DOMAIN_WEIGHTS.length; i++) {
    x -= DOMAIN_WEIGHTS[i]!;
    if (x < 0) return i;
  }
  return DOMAIN_WEIGHTS.length - 1;
}
const DOMAINS = EMAIL_DOMAINS.map(([d]) => bytes(`@${d}","individual":{"firstName":"`));
/** City through the postal prefix of each place. */
const PLACE_TEXT = PLACES.map((p) => bytes(`","city":"${p.city}","state":"${p.state}","postalCode":"${p.postal}`));
const HEX = bytes('0123456789abcdef');

const maxLength = (items: readonly Uint8Array[]) => items.reduce((m, b) => Math.max(m, b.length), 0);
const MAX_FIRST = Math.max(maxLength(FEMALE.text), maxLength(MALE.text));
const MAX_LAST = maxLength(LAST.text);

/** Copies `src` into `buf` at `at`; a plain loop beats TypedArray#set for the short pieces here. */
function put(buf: Uint8Array, at: number, src: Uint8Array): number {
  const n = src.length;
  for (let i = 0; i < n; i++) buf[at + i] = src[i]!;
  return at + n;
}

/** A non-negative integer in decimal. */
function putInt(buf: Uint8Array, at: number, n: number): number {
  if (n >= 10) at = putInt(buf, at, Math.floor(n / 10));
  buf[at] = 48 + (n % 10);
  return at + 1;
}

/** `count` digits (1-3) of a draw in 000-999, as Random.digits takes them: the last ones. */
function putDigits3(buf: Uint8Array, at: number, d: number, count: number): number {
  if (count === 3) buf[at++] = 48 + Math.floor(d / 100);
  if (count >= 2) buf[at++] = 48 + (Math.floor(d / 10) % 10);
  buf[at] = 48 + (d % 10);
  return at + 1;
}

/** Random.digits(n) written in place: digits drawn three at a time, leading zeros kept. */
function putRandomDigits(buf: Uint8Array, at: number, r: Random, n: number): number {
  for (; n >= 3; n -= 3) at = putDigits3(buf, at, Math.floor(r.next() * 1000), 3);
  if (n > 0) at = putDigits3(buf, at, Math.floor(r.next() * 1000), n);
  return at;
}

function putHex(buf: Uint8Array, at: number, n: number, width: number): number {
  for (let i = width - 1; i >= 0; i--) {
    buf[at + i] = HEX[n & 15]!;
    n = Math.floor(n / 16);
  }
  return at + width;
}

const pad2 = (buf: Uint8Array, at: number, n: number) => {
  buf[at] = 48 + Math.floor(n / 10);
  buf[at + 1] = 48 + (n % 10);
};

/** "YYYY-MM-DDT" of a day, cached: Date does the calendar, once per day. */
const dayPrefixes = new Map<number, Uint8Array>();
/** The last day asked for: a page's customers mostly share one. */
let lastDay = NaN;
let lastDayPrefix: Uint8Array = new Uint8Array(0);
function dayPrefix(day: number): Uint8Array {
  if (day === lastDay) return lastDayPrefix;
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    prefix = bytes(new Date(day * DAY_MS).toISOString().slice(0, 11));
    if (dayPrefixes.size > 20_000) dayPrefixes.clear();
    dayPrefixes.set(day, prefix);
  }
  lastDay = day;
  lastDayPrefix = prefix;
  return prefix;
}

/** `new Date(ms).toISOString()` written in place (years 1970-9999). */
function putIsoTime(buf: Uint8Array, at: number, ms: number): number {
  const day = Math.floor(ms / DAY_MS);
  at = put(buf, at, dayPrefix(day));
  let rest = ms - day * DAY_MS;
  const milli = rest % 1000;
  rest = (rest - milli) / 1000;
  const s = rest % 60;
  rest = (rest - s) / 60;
  const m = rest % 60;
  pad2(buf, at, (rest - m) / 60);
  buf[at + 2] = 58; // :
  pad2(buf, at + 3, m);
  buf[at + 5] = 58;
  pad2(buf, at + 6, s);
  buf[at + 8] = 46; // .
  buf[at + 9] = 48 + Math.floor(milli / 100);
  pad2(buf, at + 10, milli % 100);
  buf[at + 12] = 90; // Z
  return at + 13;
}

function yearOf(ms: number): number {
  const p = dayPrefix(Math.floor(ms / DAY_MS));
  return (p[0]! - 48) * 1000 + (p[1]! - 48) * 100 + (p[2]! - 48) * 10 + (p[3]! - 48);
}

const ID_LENGTH = 24;
const ISO_LENGTH = 24;
/** Stands for a time in a skeleton until each customer's is written over it. */
const ISO_SLOT = '@'.repeat(ISO_LENGTH);

/** Fixed-length stretches of a customer, whole: copied at once, then their few varying bytes written in. */
interface Skeleton {
  bytes: Uint8Array;
  /** Where each id slot starts. */
  ids: number[];
}
function skeleton(text: string, idSlot: string): Skeleton {
  const ids: number[] = [];
  for (let i = text.indexOf(idSlot); i >= 0; i = text.indexOf(idSlot, i + ID_LENGTH)) ids.push(i);
  return { bytes: bytes(text), ids };
}

export interface CustomerJsonSource {
  /** The customer's random stream, fresh. */
  randomOf(index: number): Random;
  createdAtOf(index: number): number;
}

/** Writes customers of one directory (one business, one id prefix) as JSON bytes. */
export class CustomerJsonWriter {
  /** `{"_id":"…","business":…,"name":"`. */
  private readonly head: Skeleton;
  /** `","dob":"…` through `"line1":"`, by identity type (BVN, NIN): the number is 11 digits either way. */
  private readonly middle: readonly [Skeleton, Skeleton];
  /** The 14 bytes of an id that vary: creation second and counter, in hex (the prefix is fixed). */
  private readonly idBytes = new Uint8Array(14);
  /** An upper bound of one customer's length, so a page's buffer is sized once. */
  readonly maxCustomerBytes: number;

  constructor(
    private readonly source: CustomerJsonSource,
    businessId: string,
    idPrefix: string,
    documentsBase: string,
  ) {
    // An id with its fixed prefix in place, the rest written per customer (see putId).
    const ID_SLOT = `########${idPrefix}######`;
    if (ID_SLOT.length !== ID_LENGTH) throw new Error('an id prefix is 10 hex digits');
    this.head = skeleton(`{"_id":"${ID_SLOT}","business":"${businessId}","type":"individual","name":"`, ID_SLOT);
    const docs =
      `"},"documents":{"idFrontUrl":"${documentsBase}${ID_SLOT}/id-front.jpg","idBackUrl":"${documentsBase}${ID_SLOT}` +
      `/id-back.jpg","addressVerificationUrl":"${documentsBase}${ID_SLOT}/proof-of-address.pdf"}},"billingAddress":{"line1":"`;
    this.middle = [
      skeleton(`","dob":"YYYY/MM/DD","identity":{"type":"BVN","number":"22#########${docs}`, ID_SLOT),
      skeleton(`","dob":"YYYY/MM/DD","identity":{"type":"NIN","number":"###########${docs}`, ID_SLOT),
    ];
    // Fixed text and the widest value of every field, with room to spare.
    this.maxCustomerBytes =
      this.head.bytes.length +
      this.middle[0].bytes.length +
      TAIL.length +
      3 * MAX_FIRST +
      3 * MAX_LAST +
      maxLength(INDIVIDUAL_LAST) +
      maxLength(STATUS) +
      maxLength(DOMAINS) +
      maxLength(PLACE_TEXT) +
      maxLength(STREETS) +
      maxLength(MOBILES) +
      200;
  }

  /** Writes customer `index` at `at`, answering where it ends. */
  write(buf: Uint8Array, at: number, index: number): number {
    const r = this.source.randomOf(index);
    const createdMs = this.source.createdAtOf(index);
    // Draws, in CustomerDirectory.at order; the rest are drawn below as their fields are written.
    const names = r.chance(0.5) ? FEMALE : MALE;
    const first = Math.floor(r.next() * names.text.length);
    const last = Math.floor(r.next() * LAST.text.length);
    const other = r.chance(0.35) ? Math.floor(r.next() * names.text.length) : -1;
    const place = Math.floor(r.next() * PLACES.length);
    const birthYear = yearOf(createdMs) - r.int(18, 70);
    const updatedMs = r.chance(0.7) ? createdMs : createdMs + r.int(1, 30 * DAY_MS);
    const active = r.chance(0.97);
    const approved = r.chance(0.93);
    const mobile = Math.floor(r.next() * MOBILES.length);

    const id = this.idBytes;
    putHex(id, 0, Math.floor(createdMs / 1000), 8);
    putHex(id, 8, index, 6);
    buf.set(this.head.bytes, at);
    putId(buf, at + this.head.ids[0]!, id);
    at += this.head.bytes.length;
    at = put(buf, at, names.text[first]!);
    buf[at++] = 32; // space
    at = put(buf, at, LAST.text[last]!);
    const status = STATUS[(active ? 0 : 2) + (approved ? 0 : 1)]!;
    buf.set(status, at);
    at += status.length;
    const phone = at - PHONE_FROM_END;
    const prefix = MOBILES[mobile]!;
    buf[phone] = prefix[0]!;
    buf[phone + 1] = prefix[1]!;
    buf[phone + 2] = prefix[2]!;
    putRandomDigits(buf, phone + 3, r, 7);
    at = put(buf, at, names.email[first]!);
    at = put(buf, at, LAST.email[last]!);
    at = putInt(buf, at, r.int(1, 999));
    const domain = DOMAINS[domainIndex(r)]!;
    buf.set(domain, at);
    at += domain.length;
    at = put(buf, at, names.text[first]!);
    const individualLast = INDIVIDUAL_LAST[last]!;
    buf.set(individualLast, at);
    at += individualLast.length;
    if (other >= 0) at = put(buf, at, names.text[other]!);

    const month = r.int(1, 12);
    const day = r.int(1, 28);
    const bvn = r.chance(0.7);
    const middle = this.middle[bvn ? 0 : 1];
    buf.set(middle.bytes, at);
    putInt(buf, at + DOB_AT, birthYear);
    pad2(buf, at + DOB_AT + 5, month);
    pad2(buf, at + DOB_AT + 8, day);
    putRandomDigits(buf, at + (bvn ? BVN_DIGITS_AT : NIN_DIGITS_AT), r, bvn ? 9 : 11);
    for (const slot of middle.ids) putId(buf, at + slot, id);
    at += middle.bytes.length;

    at = putInt(buf, at, r.int(1, 250));
    buf[at++] = 32;
    at = put(buf, at, LAST.text[Math.floor(r.next() * LAST.text.length)]!);
    at = put(buf, at, STREETS[Math.floor(r.next() * STREETS.length)]!);
    if (r.chance(0.25)) {
      at = put(buf, at, FLAT);
      at = putInt(buf, at, r.int(1, 24));
    }
    const placeText = PLACE_TEXT[place]!;
    buf.set(placeText, at);
    at += placeText.length;
    buf.set(TAIL, at);
    putRandomDigits(buf, at, r, 2);
    putIsoTime(buf, at + CREATED_AT, createdMs);
    putIsoTime(buf, at + UPDATED_AT, updatedMs);
    return at + TAIL.length;
  }
}

/** An id at `at`: the varying bytes around the fixed prefix already in place. */
function putId(buf: Uint8Array, at: number, id: Uint8Array): void {
  for (let i = 0; i < 8; i++) buf[at + i] = id[i]!;
  for (let i = 8; i < 14; i++) buf[at + 10 + i] = id[i]!;
}

/** A phone number after +234: mobile prefix and seven digits, written per customer. */
const PHONE_SLOT = '##########';
const PHONE_FROM_END = `${PHONE_SLOT}","emailAddress":"`.length;
const STATUS = [
  '","status":"active","isApproved":true',
  '","status":"active","isApproved":false',
  '","status":"inactive","isApproved":true',
  '","status":"inactive","isApproved":false',
].map((s) => bytes(`${s},"phoneNumber":"+234${PHONE_SLOT}","emailAddress":"`));
const DOB_AT = '","dob":"'.length;
const BVN_DIGITS_AT = '","dob":"YYYY/MM/DD","identity":{"type":"BVN","number":"22'.length;
const NIN_DIGITS_AT = '","dob":"YYYY/MM/DD","identity":{"type":"NIN","number":"'.length;
const FLAT = bytes('Flat ');
/** The postal code's last two digits to the end of the customer. */
const TAIL_TEXT = `##","country":"NG"},"createdAt":"${ISO_SLOT}","updatedAt":"${ISO_SLOT}","__v":0}`;
const TAIL = bytes(TAIL_TEXT);
const CREATED_AT = TAIL_TEXT.indexOf(ISO_SLOT);
const UPDATED_AT = TAIL_TEXT.lastIndexOf(ISO_SLOT);
