import type { Card } from '../../../src-shared/api/records';
import { knownCardsQuerySchema } from '../../../src-shared/ipc/channels/cards';
import { expiry, idOf, isoTime, utc, metadataText, safeMaskedPan } from '../cells';
import { columnFor, defineSource, pageOfTotal } from '../export-source';

type NamedCard = Card & { customerName?: string };
const column = columnFor<NamedCard>();

export const knownCardsSource = defineSource({
  query: knownCardsQuerySchema,
  columns: [
    column('id', (c) => c._id),
    column('maskedPan', (c) => safeMaskedPan(c.maskedPan)),
    column('brand', (c) => c.brand),
    column('type', (c) => c.type),
    column('currency', (c) => c.currency),
    column('status', (c) => c.status),
    column('expiry', (c) => expiry(c.expiryMonth, c.expiryYear)),
    column('customerId', (c) => idOf(c.customer)),
    column('customerName', (c) => c.customerName),
    column('accountId', (c) => idOf(c.account)),
    column('clientReference', (c) => metadataText(c.metadata, 'clientReference')),
    column(utc('createdAt'), (c) => isoTime(c.createdAt)),
    column(utc('updatedAt'), (c) => isoTime(c.updatedAt)),
  ],
  fetchPage: async (ctx, query, page, limit) => {
    // As the Cards page filters: a text also finds the cards of the customers it names.
    const text = query.query?.trim();
    const customerIds = text ? await ctx.customerIdsNamed(text) : [];
    const { cards, total } = (await ctx.getKnownCards()).list({ ...query, customerIds, page, limit });
    return pageOfTotal(cards as NamedCard[], total, limit);
  },
  enrich: async (ctx, cards) =>
    Promise.all(cards.map(async (c) => ({ ...c, customerName: await ctx.customerName(idOf(c.customer)) }))),
});
