// GET /cards/authorizations and GET /cards/disputes.
import { Hono } from 'hono';
import { authorizationsListQuerySchema, disputesListQuerySchema } from '../../../src-shared/api/requests';
import type { SandboxDeps } from '../state/deps';
import { fail, okList, pageOf } from '../http/envelope';
import type { SandboxEnv } from '../http/env';
import { dateWindow, pageAndLimit, parseQuery, within } from '../http/query';

export function activityRoutes(deps: SandboxDeps): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.get('/cards/authorizations', (c) => {
    const q = parseQuery(authorizationsListQuerySchema, c.req.query());
    if (!q.ok) return fail(c, 400, q.message);
    const { page, limit } = pageAndLimit(q.value);
    const window = dateWindow(q.value);
    const matching = deps.store.authorizations.filter((a) => within(a.createdAt, window));
    const { data, pagination } = pageOf(matching, page, limit);
    return okList(
      c,
      'Authorizations fetched successfully',
      data.map((a) => deps.views.authorization(a)),
      pagination,
    );
  });

  app.get('/cards/disputes', (c) => {
    const q = parseQuery(disputesListQuerySchema, c.req.query());
    if (!q.ok) return fail(c, 400, q.message);
    const { page, limit } = pageAndLimit(q.value);
    const { data, pagination } = pageOf(deps.store.disputes, page, limit);
    return okList(c, 'Disputes fetched successfully', data, pagination);
  });

  return app;
}
