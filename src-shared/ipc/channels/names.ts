// Names for ids that stand alone in a list: customers from the customer cache, cards from the known-cards
// index, card transactions from the index of transactions Card Desk has fetched. One call per list page.
import { z } from 'zod';
import { channel } from './common';

/** At most this many ids of each kind in one call (a page of the largest page size, with room). */
export const NAMES_BATCH_LIMIT = 500;

const ids = (field: string) =>
  z
    .array(z.string().min(1).max(64), { error: `${field} must be a list of ids` })
    .max(NAMES_BATCH_LIMIT, { error: `${field} must hold at most ${NAMES_BATCH_LIMIT} ids` })
    .optional();

export const namesInputSchema = z.object({
  customerIds: ids('customerIds'),
  cardIds: ids('cardIds'),
  transactionIds: ids('transactionIds'),
});

export const customerNameSchema = z.object({
  name: z.string(),
  emailAddress: z.string().nullable(),
  /** KYC passed, when the cache says. */
  isApproved: z.boolean().nullable(),
});
export const cardNameSchema = z.object({
  /** `Verve ···· 1234`. */
  label: z.string(),
  customerId: z.string().nullable(),
});
export const transactionNameSchema = z.object({
  cardId: z.string().nullable(),
  customerId: z.string().nullable(),
  /** `₦12,000.00 at Shoprite`, as far as known. */
  merchantName: z.string().nullable(),
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  createdAt: z.string().nullable(),
});

/** Only the ids found are keys; the customers of the cards and transactions found are included. */
export const namesOutputSchema = z.object({
  customers: z.record(z.string(), customerNameSchema),
  cards: z.record(z.string(), cardNameSchema),
  transactions: z.record(z.string(), transactionNameSchema),
});
export type ResolvedNames = z.infer<typeof namesOutputSchema>;
export type NamesRequest = z.input<typeof namesInputSchema>;

export const namesChannels = {
  'names.resolve': channel(namesInputSchema, namesOutputSchema),
};
