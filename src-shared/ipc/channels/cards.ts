import { z } from 'zod';
import { balanceSchema, cardSchema, transactionSchema } from '../../api/records';
import { cardBalanceQuerySchema, cardTransactionsQuerySchema, createCardRequestSchema } from '../../api/requests';
import { channel, withRepeatConfirmation } from './common';

export const knownCardsQuerySchema = z.object({
  customerId: z.string().max(64).optional(),
  query: z.string().max(200).optional(),
  page: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(100).optional(),
});

export const cardsChannels = {
  'cards.create': channel(withRepeatConfirmation(createCardRequestSchema), cardSchema),
  'cards.transactions': channel(cardTransactionsQuerySchema, z.array(transactionSchema)),
  'cards.balance': channel(cardBalanceQuerySchema, balanceSchema),
  /** The local index of cards this environment has seen (the API has no list-cards operation). */
  'cards.known': channel(knownCardsQuerySchema, z.array(cardSchema)),
  'cards.get': channel(z.object({ id: z.string().min(1).max(64) }), cardSchema),
};
