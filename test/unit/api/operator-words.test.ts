// Every message a form can show, said in the operator's words: the shared rules broken one way after
// another (the rules the forms, the IPC boundary and the sandbox apply), the sandbox's own refusals, and a
// service's 400 read by the client. None may name an API field ("baseUrl", "debitAccountId").
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { inOperatorWords } from '../../../src-shared/api/field-words';
import {
  authorizationsListQuerySchema,
  createAccountRequestSchema,
  makeCreateCardRequestSchema,
  nameEnquiryRequestSchema,
} from '../../../src-shared/api/requests';
import { environmentInputSchema } from '../../../src-shared/ipc/channels/settings';
import { proxySettingSchema } from '../../../src-shared/ipc/channels/network';
import { errorForStatus } from '../../../src-main/api/failures';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** An API name in a sentence: a camelCase word such as baseUrl or fundingSourceId. */
const API_NAME = /\b[a-z]+[A-Z][A-Za-z]*\b/;

/** Each message of each failed parse, as the page shows it. */
function said(schema: z.ZodType, inputs: unknown[]): string[] {
  const out: string[] = [];
  for (const input of inputs) {
    const r = schema.safeParse(input);
    if (r.success) continue;
    for (const issue of r.error.issues) out.push(inOperatorWords(issue.path.map(String).join('.'), issue.message));
  }
  return out;
}

const expectOperatorWords = (messages: string[]) => {
  expect(messages.length).toBeGreaterThan(0);
  expect(messages.filter((m) => API_NAME.test(m))).toEqual([]);
};

const id = (c: string) => c.repeat(24);
const card = {
  customerId: id('a'),
  type: 'virtual',
  currency: 'NGN',
  status: 'active',
  brand: 'Verve',
  debitAccountId: id('b'),
};

describe('messages in the operator’s words', () => {
  it('the card rules, broken one at a time', () => {
    const schema = makeCreateCardRequestSchema(() => new Date('2026-11-26T00:00:00Z'));
    expectOperatorWords(
      said(schema, [
        {},
        { ...card, customerId: 'x' },
        { ...card, debitAccountId: undefined },
        { ...card, debitAccountId: 'nope' },
        { ...card, type: 'plastic', currency: 'EUR', status: 'gone', brand: 'Amex', issuerCountry: 'FRA' },
        { ...card, type: 'physical', debitAccountId: undefined },
        { ...card, type: 'physical', number: '5060990000000001' },
        { ...card, type: 'physical', number: '12' },
        { ...card, brand: 'MasterCard' },
        { ...card, amount: -1 },
        { ...card, amount: 1.234 },
        { ...card, fundingSourceId: 'x' },
        { ...card, bankCode: '058' },
        { ...card, accountNumber: '0123456789' },
        { ...card, replacementFor: id('c') },
        { ...card, reason: 'lost' },
        { ...card, replacementFor: 'x', reason: 'damaged' },
        { ...card, expirationDate: 'Jan-2029' },
        { ...card, brand: 'Visa', expirationDate: 'soon' },
        { ...card, brand: 'Visa', expirationDate: 'Jan-2020' },
        { ...card, brand: 'Visa', expirationDate: 'Jan-2040' },
        { ...card, spendingControls: { spendingLimits: [{ amount: 0, interval: 'hourly' }] } },
      ]),
    );
  });

  it('opening an account, a name enquiry, an environment, a proxy and the amount filter', () => {
    expectOperatorWords([
      ...said(createAccountRequestSchema, [{}, { type: 'wallet', currency: 'NGN', accountType: 'savings' }]),
      ...said(createAccountRequestSchema, [{ type: 'box', currency: 'EUR', accountType: 'x', customerId: 'x' }]),
      ...said(nameEnquiryRequestSchema, [{}, { bankCode: '1', accountNumber: '12' }]),
      ...said(environmentInputSchema, [
        {},
        { name: 'Live', baseUrl: 'http://api.example.com' },
        { name: 'Live', baseUrl: 'api' },
        { name: 'Live', baseUrl: 'https://user:pw@api.example.com' },
      ]),
      ...said(proxySettingSchema, [
        { mode: 'manual', host: '', port: 0 },
        { mode: 'manual', host: 'a b', port: 1.5 },
      ]),
      ...said(authorizationsListQuerySchema, [
        { minAmount: 10, maxAmount: 5 },
        { fromDate: '2026-02-01', toDate: '2026-01-01' },
        { fromDate: 'soon' },
      ]),
    ]);
  });

  it("the sandbox's own refusals, as a service's 400 the client reads", () => {
    const sources = ['issue-card.ts', 'open-account.ts'].map((f) =>
      readFileSync(path.join(root, 'src-main/sandbox/operations', f), 'utf8'),
    );
    const messages = sources.flatMap((s) =>
      [...s.matchAll(/(?:fail\(|message: )(['`])([a-zA-Z]+ [^'`]*)\1/g)].map((m) =>
        m[2]!.replace('${req.currency}', 'NGN'),
      ),
    );
    expect(messages.length).toBeGreaterThanOrEqual(9);
    const shown = messages.map((message) => errorForStatus(400, { body: { statusCode: 400, message } }).message);
    expectOperatorWords(shown);
    // The array form a real server sends says it the same way.
    const nest = errorForStatus(400, {
      body: {
        message: [{ property: 'debitAccountId', constraints: { isNotEmpty: 'debitAccountId should not be empty' } }],
      },
    });
    expect(nest).toMatchObject({ kind: 'validation', field: 'debitAccountId' });
    expectOperatorWords([nest.message]);
  });
});
