// GET /fundingsources and GET /fundingsources/{id}.
import { Hono } from 'hono';
import { fundingSourcesListQuerySchema } from '../../../src-shared/api/requests';
import { isObjectId } from '../../../src-shared/api/rules';
import type { SandboxDeps } from '../state/deps';
import { MESSAGES, fail, ok, okList, pageOf } from '../http/envelope';
import type { SandboxEnv } from '../http/env';
import { pageAndLimit, parseQuery } from '../http/query';

export function fundingSourceRoutes(deps: SandboxDeps): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.get('/fundingsources', (c) => {
    const q = parseQuery(fundingSourcesListQuerySchema, c.req.query());
    if (!q.ok) return fail(c, 400, q.message);
    const { page, limit } = pageAndLimit(q.value);
    const { data, pagination } = pageOf(deps.store.fundingSources, page, limit);
    return okList(c, 'Funding sources fetched successfully', data, pagination);
  });

  app.get('/fundingsources/:id', (c) => {
    const id = c.req.param('id');
    if (!isObjectId(id)) return fail(c, 400, MESSAGES.invalidFundingSourceId);
    const source = deps.store.fundingSource(id);
    if (!source) return fail(c, 404, MESSAGES.fundingSourceNotFound);
    return ok(c, 'Funding source fetched successfully', source);
  });

  return app;
}
