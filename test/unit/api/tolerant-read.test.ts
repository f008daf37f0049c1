// Reading records one by one (src-shared/api/tolerant-read.ts) with the app's own record schemas: what is
// taken out, what is kept, what is skipped, and that the input is left as it came.
import { describe, expect, it } from 'vitest';
import { tolerantEnvelopeSchema, tolerantListEnvelopeSchema } from '../../../src-shared/api/envelope';
import { authorizationSchema, cardSchema, customerSchema } from '../../../src-shared/api/records';
import { readRecord, readRecords } from '../../../src-shared/api/tolerant-read';

const id = 'a'.repeat(24);

describe('readRecord', () => {
  it('passes a record that matches untouched, without a list of unreadable fields', () => {
    const raw = { _id: id, name: 'Ada Obi', phoneNumber: '+2348031234567', extra: { kept: true } };
    const read = readRecord(customerSchema, raw);
    expect(read).toEqual({ ok: true, record: raw, unreadable: [] });
  });

  it('takes out null and wrong-typed fields, keeps their raw values, and leaves the input as it came', () => {
    const raw = {
      _id: id,
      name: 'Ada Obi',
      phoneNumber: null,
      isApproved: 'true',
      createdAt: 'not a date',
      individual: { firstName: 'Ada', identity: { type: 'BVN', number: 22100000001 } },
    };
    const before = structuredClone(raw);
    const read = readRecord(customerSchema, raw);
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.record).toMatchObject({
      _id: id,
      name: 'Ada Obi',
      individual: { firstName: 'Ada', identity: { type: 'BVN' } },
    });
    expect(read.record).not.toHaveProperty('phoneNumber');
    expect(read.record).not.toHaveProperty('isApproved');
    expect(read.record).not.toHaveProperty('createdAt');
    expect(read.record.individual?.identity).not.toHaveProperty('number');
    expect(read.unreadable).toEqual(
      expect.arrayContaining([
        { field: 'phoneNumber', problem: 'expected string, got null', value: null },
        { field: 'isApproved', problem: 'expected boolean, got string', value: 'true' },
        { field: 'individual.identity.number', problem: 'expected string, got number', value: 22100000001 },
        { field: 'createdAt', problem: 'not a date', value: 'not a date' },
      ]),
    );
    expect(read.unreadable.map((u) => u.field).sort()).toEqual(
      ['createdAt', 'individual.identity.number', 'isApproved', 'phoneNumber'].sort(),
    );
    expect(read.record.cardDeskUnreadable).toEqual(read.unreadable);
    expect(raw).toEqual(before);
  });

  it('skips a record whose id cannot be read, or that is not a record', () => {
    expect(readRecord(customerSchema, { name: 'No id' })).toEqual({ ok: false, problem: '_id: missing' });
    expect(readRecord(customerSchema, { _id: 42 })).toEqual({ ok: false, problem: '_id: expected string, got number' });
    expect(readRecord(customerSchema, null)).toEqual({ ok: false, problem: 'expected a record, got null' });
    expect(readRecord(customerSchema, 'x')).toEqual({ ok: false, problem: 'expected a record, got string' });
  });

  it('reads an embedded record inside its reference, costing only its odd field', () => {
    const raw = { _id: id, amount: -100, customer: { _id: 'b'.repeat(24), name: 'Ada', phoneNumber: null } };
    const read = readRecord(authorizationSchema, raw);
    expect(read.ok && read.record.customer).toEqual({ _id: 'b'.repeat(24), name: 'Ada' });
    expect(read.ok && read.unreadable.map((u) => u.field)).toEqual(['customer.phoneNumber']);
  });

  it('takes out the array item that lacks a required field, and the record keeps the others', () => {
    const raw = {
      _id: id,
      spendingControls: {
        spendingLimits: [{ amount: 5, interval: 'daily' }, { interval: 'daily' }, { amount: 'x', interval: 'weekly' }],
      },
    };
    const read = readRecord(cardSchema, raw);
    expect(read.ok && read.record.spendingControls?.spendingLimits).toEqual([{ amount: 5, interval: 'daily' }]);
    // The item whose amount was wrong-typed goes too (the amount is required): named by its place as sent.
    expect(read.ok && read.unreadable.map((u) => u.field)).toEqual([
      'spendingControls.spendingLimits[1]',
      'spendingControls.spendingLimits[2].amount',
      'spendingControls.spendingLimits[2]',
    ]);
  });
});

describe('read record by record', () => {
  it('keeps every readable record of a list and notes the odd and the skipped, without values', () => {
    const data = [{ _id: id, name: 'Fine' }, { _id: 'c'.repeat(24), phoneNumber: null }, { name: 'no id' }, 7];
    const { records, notes } = readRecords(customerSchema, data);
    expect(records.map((r) => r._id)).toEqual([id, 'c'.repeat(24)]);
    expect(notes).toEqual([
      {
        position: 1,
        id: 'c'.repeat(24),
        fields: [{ field: 'phoneNumber', problem: 'expected string, got null' }],
        skipped: false,
      },
      { position: 2, fields: [{ field: '(record)', problem: '_id: missing' }], skipped: true },
      { position: 3, fields: [{ field: '(record)', problem: 'expected a record, got number' }], skipped: true },
    ]);
  });

  it('still checks the envelope and its pagination strictly', () => {
    const list = tolerantListEnvelopeSchema(customerSchema);
    expect(
      list.safeParse({ data: [{ _id: id }], pagination: { total: 'x', pages: 1, page: 0, limit: 1 } }).success,
    ).toBe(false);
    expect(list.safeParse({ data: { _id: id } }).success).toBe(false);
    expect(list.safeParse({ message: 'ok' }).success).toBe(false);
    expect(
      list.safeParse({ data: [{ _id: id, phoneNumber: null }], pagination: { total: 1, pages: 1, page: 0, limit: 1 } })
        .success,
    ).toBe(true);
    const one = tolerantEnvelopeSchema(customerSchema);
    expect(one.safeParse({ data: { name: 'no id' } }).success).toBe(false);
    expect(one.safeParse({ data: { _id: id, isApproved: 1 } }).data?.data).toEqual({
      _id: id,
      cardDeskUnreadable: [{ field: 'isApproved', problem: 'expected boolean, got number', value: 1 }],
    });
  });
});
