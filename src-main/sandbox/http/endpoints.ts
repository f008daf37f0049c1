// Which of the eleven operations a request is, for fault rules and the request log.
import type { SandboxEndpoint } from '../handle';

const ROUTES: readonly [string, RegExp, SandboxEndpoint][] = [
  ['GET', /^\/customers$/, 'GET /customers'],
  ['POST', /^\/cards$/, 'POST /cards'],
  ['POST', /^\/accounts$/, 'POST /accounts'],
  ['POST', /^\/accounts\/transfer\/name-enquiry$/, 'POST /accounts/transfer/name-enquiry'],
  ['GET', /^\/cards\/authorizations$/, 'GET /cards/authorizations'],
  ['GET', /^\/accounts$/, 'GET /accounts'],
  ['GET', /^\/cards\/disputes$/, 'GET /cards/disputes'],
  ['GET', /^\/cards\/[^/]+\/transactions$/, 'GET /cards/:id/transactions'],
  ['GET', /^\/fundingsources$/, 'GET /fundingsources'],
  ['GET', /^\/fundingsources\/[^/]+$/, 'GET /fundingsources/:id'],
  ['GET', /^\/cards\/[^/]+\/balance$/, 'GET /cards/:id/balance'],
];

export const SANDBOX_ENDPOINTS: readonly SandboxEndpoint[] = ROUTES.map(([, , e]) => e);

export function endpointOf(method: string, path: string): SandboxEndpoint | null {
  for (const [m, pattern, endpoint] of ROUTES) if (m === method && pattern.test(path)) return endpoint;
  return null;
}
