// A customer's compact record gives back exactly the customer that was stored: the sandbox's customers,
// made-up ones with fields of every JSON type, and edge cases a real server may send.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Customer } from '../../../src-shared/api/records';
import { decodeRecord, encodeRecord, type RecordColumns } from '../../../src-main/cache/store/record-codec';
import { customerRow } from '../../../src-main/cache/search/search-fields';
import { CustomerDirectory } from '../../../src-main/sandbox/data/customers';

/** customer_strings in memory. */
function stringTable() {
  const texts: string[] = [];
  const numbers = new Map<string, number>();
  return {
    texts,
    ref(text: string) {
      let n = numbers.get(text);
      if (n === undefined) numbers.set(text, (n = texts.push(text)));
      return n;
    },
    text: (n: number) => texts[n - 1]!,
  };
}

function roundTrip(customer: Customer, strings = stringTable()): { back: Customer; record: string } {
  const row = customerRow(customer);
  const cols: RecordColumns = {
    id: row.id,
    email: row.email,
    phone: row.phone,
    kyc: row.kyc,
    created: row.created,
  };
  // Through JSON, as SQLite hands the columns back.
  const record = encodeRecord(customer, cols, strings);
  return { back: decodeRecord(record, row.id, strings), record };
}

describe('compact customer records', () => {
  it("give back the sandbox's customers exactly, in a fraction of their JSON", () => {
    const directory = new CustomerDirectory({ seed: 5, count: 2000, businessId: 'a'.repeat(24) });
    const strings = stringTable();
    let json = 0;
    let compact = 0;
    for (let i = 0; i < 2000; i += 7) {
      const c = directory.at(i) as Customer;
      const { back, record } = roundTrip(c, strings);
      expect(back).toEqual(c);
      expect(JSON.stringify(back)).toBe(JSON.stringify(c)); // the same fields in the same order
      json += JSON.stringify(c).length;
      compact += record.length;
    }
    // Every field is in the record, the email and phone too (they are not taken from the readable columns).
    expect(compact / json).toBeLessThan(0.22);
    // Shared strings: the business, type, places, document addresses (the id taken out)...; not one per customer.
    expect(strings.texts.length).toBeLessThan(200);
    expect(strings.texts.some((t) => t.includes('/id-front.jpg'))).toBe(true);
  });

  it('keep fields they have no place for, values of unexpected types, nulls and odd keys', () => {
    const base = new CustomerDirectory({ seed: 9, count: 3, businessId: 'b'.repeat(24) }).at(1) as Customer;
    const odd: Customer[] = [
      { _id: 'x1' },
      { _id: 'x2', isApproved: 'yes', createdAt: '2024-01-01', updatedAt: 5, __v: 'v' } as unknown as Customer,
      { ...base, individual: null, billingAddress: {} } as unknown as Customer,
      { ...base, individual: { ...base.individual!, identity: { type: 'BVN', number: '' }, extra: [1, { a: null }] } },
      { ...base, name: 'Someone Else', phoneNumber: '08031234567', emailAddress: 'Mixed@Case.ng', line9: 'x' },
      JSON.parse(`{"_id":"x3","__proto__":{"polluted":true},"billingAddress":{"__proto__":1,"city":"Ikeja"}}`),
      { ...base, business: 'z'.repeat(200), type: 'contains \u0001 mark', createdAt: '1970-01-01T00:00:00.000Z' },
      { ...base, updatedAt: '1970-01-01T00:00:00.000Z' },
      // The id more than once in a shared string, and at either end of it.
      { ...base, status: `${base._id}/docs/${base._id}`, type: `${base._id}-x`, business: `x-${base._id}` },
    ];
    for (const c of odd) {
      const { back } = roundTrip(c);
      expect(back).toEqual(c);
      expect(Object.getPrototypeOf(back)).toBe(Object.prototype);
    }
  });

  it('give back any customer-shaped JSON', () => {
    const text = fc.oneof(fc.string(), fc.constantFrom('', 'Lagos', 'NG', 'active'));
    const value = fc.oneof(text, fc.integer(), fc.boolean(), fc.constant(null));
    const customer = fc.record(
      {
        _id: fc.stringMatching(/^[0-9a-f]{24}$/),
        name: value,
        isApproved: value,
        phoneNumber: fc.oneof(value, fc.constant('+2348031234567')),
        emailAddress: fc.oneof(value, fc.constant('ada@example.ng')),
        createdAt: fc.oneof(
          value,
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        ),
        updatedAt: fc.oneof(
          value,
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        ),
        individual: fc.oneof(
          value,
          fc.record(
            {
              firstName: value,
              lastName: value,
              identity: fc.oneof(value, fc.record({ type: value, number: value }, { requiredKeys: [] })),
              documents: fc.dictionary(fc.constantFrom('idFrontUrl', 'other'), value),
            },
            { requiredKeys: [] },
          ),
        ),
        billingAddress: fc.oneof(value, fc.dictionary(fc.constantFrom('city', 'line1', 'zip'), value)),
        extra: fc.jsonValue(),
      },
      { requiredKeys: ['_id'] },
    );
    fc.assert(
      fc.property(customer, (generated) => {
        // As the service's JSON reaches the cache (JSON has no -0, for one).
        const c = JSON.parse(JSON.stringify(generated)) as Customer;
        expect(roundTrip(c).back).toEqual(c);
      }),
      { numRuns: 400 },
    );
  });
});
