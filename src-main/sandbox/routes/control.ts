// The test-only control route, mounted only with `enableControlRoute`: add and clear fault rules, read
// and clear the request log over HTTP (for tests that drive a sandbox in another process).
import { Hono } from 'hono';
import { fail, ok } from '../http/envelope';
import { jsonBodyOf } from './body';
import type { SandboxEnv } from '../http/env';
import { type FaultInjector, faultRuleSchema } from '../http/faults';
import { firstIssueMessage } from '../http/issues';
import type { RequestLog } from '../http/request-log';

export function controlRoutes(faults: FaultInjector, log: RequestLog): Hono<SandboxEnv> {
  const app = new Hono<SandboxEnv>();
  app.get('/__sandbox/faults', (c) => ok(c, 'Fault rules', faults.list()));
  app.post('/__sandbox/faults', (c) => {
    const body = jsonBodyOf(c);
    if (!body.ok) return fail(c, 400, body.message);
    const parsed = faultRuleSchema.safeParse(body.value);
    if (!parsed.success) return fail(c, 400, firstIssueMessage(parsed.error, 'Invalid fault rule'));
    faults.add(parsed.data);
    return ok(c, 'Fault rule added', faults.list());
  });
  app.delete('/__sandbox/faults', (c) => {
    faults.clear();
    return ok(c, 'Fault rules cleared', []);
  });
  app.get('/__sandbox/requests', (c) => ok(c, 'Requests received', log.all()));
  app.delete('/__sandbox/requests', (c) => {
    log.clear();
    return ok(c, 'Request log cleared', []);
  });
  return app;
}
