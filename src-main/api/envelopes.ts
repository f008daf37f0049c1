// The envelope each answer of the spec is read with, built once and named, so the thread that reads large
// answers (answer-thread.ts) checks an answer with the very schema the calling thread would have used.
import type { z } from 'zod';
import { tolerantEnvelopeSchema, tolerantListEnvelopeSchema } from '../../src-shared/api/envelope';
import {
  accountSchema,
  authorizationSchema,
  balanceSchema,
  cardSchema,
  customerSchema,
  disputeSchema,
  fundingSourceSchema,
  nameEnquiryResultSchema,
  transactionSchema,
} from '../../src-shared/api/records';
import type { Envelope } from './envelope-reader';

// Every answer is read record by record (src-shared/api/tolerant-read.ts): one odd record never fails a page.
const list = <T extends z.ZodType>(item: T) =>
  tolerantListEnvelopeSchema(item) as unknown as z.ZodType<Envelope<z.infer<T>[]>>;
const one = <T extends z.ZodType>(item: T) =>
  tolerantEnvelopeSchema(item) as unknown as z.ZodType<Envelope<z.infer<T>>>;

export const ENVELOPES = {
  customers: list(customerSchema),
  card: one(cardSchema),
  account: one(accountSchema),
  nameEnquiry: one(nameEnquiryResultSchema),
  authorizations: list(authorizationSchema),
  accounts: list(accountSchema),
  disputes: list(disputeSchema),
  transactions: list(transactionSchema),
  fundingSources: list(fundingSourceSchema),
  fundingSource: one(fundingSourceSchema),
  balance: one(balanceSchema),
};

export type EnvelopeName = keyof typeof ENVELOPES;

const NAMES = new Map<unknown, EnvelopeName>(
  Object.entries(ENVELOPES).map(([name, schema]) => [schema, name as EnvelopeName]),
);

/** The name of one of ENVELOPES, or undefined for a schema of the caller's own. */
export const envelopeName = (schema: unknown): EnvelopeName | undefined => NAMES.get(schema);

export const isEnvelopeName = (name: unknown): name is EnvelopeName =>
  typeof name === 'string' && Object.hasOwn(ENVELOPES, name);
