// POST /cards, GET /cards/{id}/balance and GET /cards/{id}/transactions.
import { Hono } from 'hono';
import { isObjectId } from '../../../src-shared/api/rules';
import { cardTransactionsQuerySchema } from '../../../src-shared/api/requests';
import { CardIssuer } from '../operations/issue-card';
import type { SandboxDeps } from '../state/deps';
import type { CardRecord } from '../state/records';
import { MESSAGES, fail, ok, okList, pageOf } from '../http/envelope';
import type { SandboxEnv } from '../http/env';
import { dateWindow, pageAndLimit, parseQuery, within } from '../http/query';
import { jsonBodyOf } from './body';

export function cardRoutes(deps: SandboxDeps): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  const issuer = new CardIssuer(deps);

  app.post('/cards', (c) => {
    const body = jsonBodyOf(c);
    if (!body.ok) return fail(c, 400, body.message);
    const outcome = issuer.issue(body.value);
    if (!outcome.ok) return fail(c, 400, outcome.message);
    return ok(c, 'Card created successfully', outcome.value);
  });

  /** The card named by the path, or the error answer for it. */
  const cardOf = (id: string): { card: CardRecord } | { status: 400 | 404; message: string } => {
    if (!isObjectId(id)) return { status: 400, message: MESSAGES.invalidCardId };
    const card = deps.store.card(id);
    return card ? { card } : { status: 404, message: MESSAGES.cardNotFound };
  };

  app.get('/cards/:id/balance', (c) => {
    const found = cardOf(c.req.param('id'));
    if (!('card' in found)) return fail(c, found.status, found.message);
    const balance = deps.store.balance(found.card._id)!;
    return ok(c, 'Card balance fetched successfully', {
      currentBalance: balance.currentBalance,
      availableBalance: balance.availableBalance,
    });
  });

  app.get('/cards/:id/transactions', (c) => {
    const found = cardOf(c.req.param('id'));
    if (!('card' in found)) return fail(c, found.status, found.message);
    const q = parseQuery(cardTransactionsQuerySchema, { ...c.req.query(), cardId: found.card._id });
    if (!q.ok) return fail(c, 400, q.message);
    const { page, limit } = pageAndLimit(q.value);
    const window = dateWindow(q.value);
    const matching = deps.store.transactionsOf(found.card._id).filter((t) => within(t.createdAt, window));
    const { data, pagination } = pageOf(matching, page, limit);
    return okList(
      c,
      'Card transactions fetched successfully',
      data.map((t) => deps.views.transaction(t)),
      pagination,
    );
  });

  return app;
}
