// GET /customers: customers are built on demand for the requested page only. The ETag names the page and
// the state version, so a client can revalidate a page it already holds and get 304 without a body.
import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { DEFAULT_CUSTOMER_PAGE_SIZE, customersListQuerySchema } from '../../../src-shared/api/requests';
import type { SandboxDeps } from '../state/deps';
import { JSON_CONTENT_TYPE, fail } from '../http/envelope';
import { holdBody } from '../http/held-body';
import type { SandboxEnv } from '../http/env';
import { pageAndLimit, parseQuery } from '../http/query';

/** True when an If-None-Match header lists `etag` (weak or strong) or is `*`. */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((t) => {
    const tag = t.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

const LIST_HEAD = '{"statusCode":200,"message":"Customers fetched successfully","data":';

export function customerRoutes(deps: SandboxDeps): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  const buffers = deps.pageBuffers;
  app.get('/customers', (c) => {
    const q = parseQuery(customersListQuerySchema, c.req.query());
    if (!q.ok) return fail(c, 400, q.message);
    const { page, limit } = pageAndLimit(q.value, DEFAULT_CUSTOMER_PAGE_SIZE);
    const total = deps.customers.count;
    const etag = `"${createHash('sha1').update(`${deps.seed}:${total}:${deps.customers.order}:${page}:${limit}:${deps.store.version}`).digest('base64url')}"`;
    c.header('ETag', etag);
    if (matchesEtag(c.req.header('If-None-Match'), etag)) {
      return c.body(null, 304, { 'Content-Type': JSON_CONTENT_TYPE });
    }
    const from = page * limit;
    const pagination = { total, pages: Math.ceil(total / limit), page, limit };
    // The hot path of a full sync: the envelope around customers serialised straight to bytes, into
    // memory reused from page to page, and written to the socket without passing through a web Response body.
    const body = deps.customers.listJsonBytes(
      from,
      from + limit,
      LIST_HEAD,
      `,"pagination":${JSON.stringify(pagination)}}`,
      buffers.take,
    );
    return holdBody(c.body(null, 200, { 'Content-Type': JSON_CONTENT_TYPE }), body, () => buffers.give(body));
  });
  return app;
}
