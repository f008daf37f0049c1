// The sandbox's HTTP application: the request pipeline, the eleven operations and, when enabled, the
// control route.
import { Hono } from 'hono';
import type { SandboxDeps } from './state/deps';
import { MESSAGES, fail } from './http/envelope';
import type { SandboxEnv } from './http/env';
import type { KeyCheck } from './http/auth';
import type { FaultInjector } from './http/faults';
import type { FixedWindowRateLimiter } from './http/rate-limit';
import type { RequestLog } from './http/request-log';
import { type HeldRequests, authenticate, injectFaults, limitRate, readBody, recordRequests } from './http/pipeline';
import { accountRoutes } from './routes/accounts';
import { activityRoutes } from './routes/activity';
import { cardRoutes } from './routes/cards';
import { controlRoutes } from './routes/control';
import { customerRoutes } from './routes/customers';
import { fundingSourceRoutes } from './routes/funding-sources';

export interface AppParts {
  deps: SandboxDeps;
  key: string;
  keys: KeyCheck;
  log: RequestLog;
  faults: FaultInjector;
  held: HeldRequests;
  limiter: FixedWindowRateLimiter;
  enableControlRoute: boolean;
}

export function createSandboxApp(p: AppParts): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  app.use(
    '*',
    recordRequests(p.log),
    injectFaults(p.faults, p.held),
    readBody(),
    authenticate(p.keys),
    limitRate(p.limiter, p.key),
  );
  if (p.enableControlRoute) app.route('/', controlRoutes(p.faults, p.log));
  for (const routes of [customerRoutes, cardRoutes, accountRoutes, activityRoutes, fundingSourceRoutes]) {
    app.route('/', routes(p.deps));
  }
  app.notFound((c) => fail(c, 404, MESSAGES.notFound));
  app.onError((err, c) => {
    // A sandbox bug: say so on stderr (requests carry no secrets in bodies or URLs) and answer 500.
    console.error('sandbox: unexpected error', err);
    return fail(c, 500, MESSAGES.internal);
  });
  return app;
}
