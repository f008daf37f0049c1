// POST /accounts, GET /accounts and POST /accounts/transfer/name-enquiry.
import { Hono } from 'hono';
import { accountsListQuerySchema, nameEnquiryRequestSchema } from '../../../src-shared/api/requests';
import { openAccount } from '../operations/open-account';
import type { SandboxDeps } from '../state/deps';
import { MESSAGES, fail, ok, okList, pageOf } from '../http/envelope';
import type { SandboxEnv } from '../http/env';
import { firstIssueMessage } from '../http/issues';
import { pageAndLimit, parseQuery } from '../http/query';
import { jsonBodyOf } from './body';

export function accountRoutes(deps: SandboxDeps): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();

  app.post('/accounts', (c) => {
    const body = jsonBodyOf(c);
    if (!body.ok) return fail(c, 400, body.message);
    const outcome = openAccount(deps, body.value);
    if (!outcome.ok) return fail(c, 400, outcome.message);
    return ok(c, 'Account created successfully', outcome.value);
  });

  app.get('/accounts', (c) => {
    const q = parseQuery(accountsListQuerySchema, c.req.query());
    if (!q.ok) return fail(c, 400, q.message);
    const { page, limit } = pageAndLimit(q.value);
    const currency = q.value.currency ?? 'ALL';
    const matching = deps.store.accounts.filter(
      (a) => (currency === 'ALL' || a.currency === currency) && (!q.value.type || a.type === q.value.type),
    );
    const { data, pagination } = pageOf(matching, page, limit);
    return okList(c, 'Accounts fetched successfully', data, pagination);
  });

  app.post('/accounts/transfer/name-enquiry', (c) => {
    const body = jsonBodyOf(c);
    if (!body.ok) return fail(c, 400, body.message);
    const parsed = nameEnquiryRequestSchema.safeParse(body.value);
    if (!parsed.success) return fail(c, 400, firstIssueMessage(parsed.error, MESSAGES.unresolvedAccount));
    const { bankCode, accountNumber } = parsed.data;
    const account = deps.store.accountByBank(bankCode, accountNumber);
    if (!account) return fail(c, 400, MESSAGES.unresolvedAccount);
    return ok(c, 'Account name resolved successfully', { accountName: account.accountName, accountNumber, bankCode });
  });

  return app;
}
