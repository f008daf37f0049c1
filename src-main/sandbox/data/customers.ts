// Customers are never stored: each is rebuilt from (seed, index) when asked for, so a million of them
// cost nothing at start-up. Index order is creation order; ids carry the index in their counter part.
import type { Customer } from '../../../src-shared/api/records';
import { isObjectId } from '../../../src-shared/api/rules';
import { MAX_COUNTER, counterOf, kindPrefix, objectId } from './object-id';
import {
  EMAIL_DOMAINS, FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES, MOBILE_PREFIXES, PLACES, STREET_SUFFIXES,
} from './people';
import { Random } from './random';

/** The first customer's creation time; later ones follow about every 30 s (fixed, so ids never depend on the clock). */
export const FIRST_CUSTOMER_AT = Date.UTC(2022, 0, 1);
const SPACING_MS = 30_000;
const DAY_MS = 86_400_000;

export const MAX_CUSTOMERS = Math.min(10_000_000, MAX_COUNTER + 1);

const pad2 = (n: number) => String(n).padStart(2, '0');

export interface CustomerDirectoryOptions {
  seed: number;
  count: number;
  businessId: string;
}

export class CustomerDirectory {
  readonly count: number;
  private readonly seed: number;
  private readonly businessId: string;
  private readonly prefix: string;

  constructor(options: CustomerDirectoryOptions) {
    if (!Number.isInteger(options.count) || options.count < 1 || options.count > MAX_CUSTOMERS) {
      throw new RangeError(`customers must be a whole number from 1 to ${MAX_CUSTOMERS}`);
    }
    this.seed = options.seed;
    this.count = options.count;
    this.businessId = options.businessId;
    this.prefix = kindPrefix(options.seed, 'customer');
  }

  /** Creation time of the customer at `index`: strictly increasing with the index. */
  createdAtOf(index: number): number {
    return FIRST_CUSTOMER_AT + index * SPACING_MS + (Random.for(this.seed, 'customer-time', index).int(0, SPACING_MS - 1000));
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
  range(from: number, to: number): Customer[] {
    const out: Customer[] = [];
    for (let i = Math.max(0, from); i < Math.min(to, this.count); i++) out.push(this.at(i));
    return out;
  }

  /** The customer at `index` in the customer-list form (dob `YYYY/MM/DD`, documents present). */
  at(index: number): Customer {
    const r = Random.for(this.seed, 'customer', index);
    const createdMs = this.createdAtOf(index);
    const id = objectId(createdMs, this.prefix, index);
    const female = r.chance(0.5);
    const firstName = r.pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
    const lastName = r.pick(LAST_NAMES);
    const otherNames = r.chance(0.35) ? r.pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES) : '';
    const place = r.pick(PLACES);
    const created = new Date(createdMs);
    const birthYear = created.getUTCFullYear() - r.int(18, 70);
    const emailLocal = `${firstName}.${lastName}`.toLowerCase().replace(/[^a-z.]/g, '');
    const updatedMs = r.chance(0.7) ? createdMs : createdMs + r.int(1, 30 * DAY_MS);
    const docs = `https://documents.sandbox.card-desk.test/customers/${id}`;
    return {
      _id: id,
      business: this.businessId,
      type: 'individual',
      name: `${firstName} ${lastName}`,
      status: r.chance(0.97) ? 'active' : 'inactive',
      isApproved: r.chance(0.93),
      phoneNumber: `+234${r.pick(MOBILE_PREFIXES)}${r.digits(7)}`,
      emailAddress: `${emailLocal}${r.int(1, 999)}@${r.weighted(EMAIL_DOMAINS)}`,
      individual: {
        firstName,
        lastName,
        otherNames,
        dob: `${birthYear}/${pad2(r.int(1, 12))}/${pad2(r.int(1, 28))}`,
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
      createdAt: created.toISOString(),
      updatedAt: new Date(updatedMs).toISOString(),
      __v: 0,
    };
  }

  /** The customer as authorizations and transactions embed it: dob as a timestamp, isDeleted, no documents. */
  embedded(index: number): Customer {
    const customer = this.at(index);
    const { documents: _documents, dob, ...person } = customer.individual ?? {};
    return {
      ...customer,
      individual: { ...person, dob: dob ? `${dob.replaceAll('/', '-')}T00:00:00.000Z` : '' },
      isDeleted: false,
    };
  }
}
