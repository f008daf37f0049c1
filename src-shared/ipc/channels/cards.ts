import { z } from 'zod';
import { balanceSchema, cardSchema, transactionSchema } from '../../api/records';
import { cardBalanceQuerySchema, cardTransactionsQuerySchema, createCardRequestSchema } from '../../api/requests';
import { OBJECT_ID } from '../../api/rules';
import { approvalOf } from '../write-kinds';
import { channel, withRepeatConfirmation } from './common';

export const knownCardsQuerySchema = z.object({
  customerId: z.string().max(64).optional(),
  query: z.string().max(200).optional(),
  page: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(100).optional(),
});

export const cardsChannels = {
  'cards.create': channel(withRepeatConfirmation(createCardRequestSchema), cardSchema, {
    approval: approvalOf('cards.create'),
  }),
  'cards.transactions': channel(cardTransactionsQuerySchema, z.array(transactionSchema)),
  'cards.balance': channel(cardBalanceQuerySchema, balanceSchema),
  /** The local index of cards this environment has seen (the API has no list-cards operation). */
  'cards.known': channel(knownCardsQuerySchema, z.array(cardSchema)),
  'cards.get': channel(z.object({ id: z.string().min(1).max(64) }), cardSchema),
  /**
   * One card by its id: from the index, or else asked of the service (its balance answers for any card
   * id); a card the service knows then joins the index. Ids are accepted in any case.
   */
  'cards.lookUp': channel(
    z.object({
      id: z
        .string({ error: 'Enter a card id' })
        .trim()
        .toLowerCase()
        .regex(OBJECT_ID, { error: 'A card id is 24 letters and digits (0-9, a-f)' }),
    }),
    cardSchema,
  ),
};
