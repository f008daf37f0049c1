// startSandbox: seeds the state, serves the API on 127.0.0.1 and hands back the programmatic controls.
import { randomBytes } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type HttpBindings, createAdaptorServer } from '@hono/node-server';
import { createSandboxApp } from './app';
import { Random } from './data/random';
import { seedWorld } from './data/world';
import type { SandboxHandle, SandboxOptions } from './handle';
import { KeyCheck } from './http/auth';
import { FaultInjector } from './http/faults';
import { HeldRequests } from './http/pipeline';
import { PageBuffers } from './http/page-buffers';
import { sendHeldBody } from './http/held-body';
import { FixedWindowRateLimiter } from './http/rate-limit';
import { RequestLog } from './http/request-log';
import { RecordViews } from './state/views';

export const DEFAULT_SEED = 1;
export const DEFAULT_CUSTOMERS = 10_000;
export const DEFAULT_RATE_LIMIT = { limit: 600, windowMs: 60_000 };

/** A key shaped like a live secret key, unique per start. */
export function generateSandboxKey(): string {
  return `sk_sandbox_${randomBytes(24).toString('hex')}`;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  const seed = options.seed ?? DEFAULT_SEED;
  if (!Number.isInteger(seed)) throw new RangeError('seed must be a whole number');
  const key = options.key ?? generateSandboxKey();
  if (key.trim() === '' || key !== key.trim()) throw new RangeError('key must be non-empty without surrounding spaces');
  const now = options.now ?? (() => new Date());
  const rate: NonNullable<SandboxOptions['rateLimit']> = options.rateLimit ?? DEFAULT_RATE_LIMIT;

  const world = seedWorld(seed, options.customers ?? DEFAULT_CUSTOMERS, now());
  const order = options.customerOrder ?? 'oldest-first';
  if (order !== 'oldest-first' && order !== 'newest-first')
    throw new RangeError("customerOrder must be 'oldest-first' or 'newest-first'");
  world.customers.order = order;
  const deps = {
    seed,
    store: world.store,
    customers: world.customers,
    pageBuffers: new PageBuffers(),
    ids: world.ids,
    views: new RecordViews(world.store, world.customers),
    now,
    random: Random.for(seed, 'runtime'),
  };
  const log = new RequestLog();
  const faults = new FaultInjector(Random.for(seed, 'faults'));
  const held = new HeldRequests();
  const limiter = new FixedWindowRateLimiter(rate.limit, rate.windowMs, rate.clock);
  const app = createSandboxApp({
    deps,
    key,
    keys: new KeyCheck(key),
    log,
    faults,
    held,
    limiter,
    enableControlRoute: options.enableControlRoute ?? false,
  });

  // overrideGlobalObjects: false keeps the host process's own fetch Response/Request untouched.
  const server = createAdaptorServer({
    fetch: async (req, env) => sendHeldBody(await app.fetch(req, env), (env as HttpBindings).outgoing),
    hostname: '127.0.0.1',
    overrideGlobalObjects: false,
  }) as Server;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let stopping: Promise<void> | null = null;
  return {
    url: `http://127.0.0.1:${port}`,
    key,
    faults: { add: (rule) => faults.add(rule), clear: () => faults.clear() },
    requests: () => log.all(),
    requestsInFlight: () => log.inFlight,
    clearRequests: () => log.clear(),
    setRateLimit: ({ limit, windowMs }) => limiter.change(limit, windowMs),
    customers: {
      add: (count) => world.customers.add(count),
      removeNewest: (count) => world.customers.removeNewest(count),
      setOrder(next) {
        if (next !== 'oldest-first' && next !== 'newest-first')
          throw new RangeError("order must be 'oldest-first' or 'newest-first'");
        world.customers.order = next;
      },
      get count() {
        return world.customers.count;
      },
    },
    pageBuffers: () => ({ made: deps.pageBuffers.made, free: deps.pageBuffers.freeCount }),
    fixtures: world.fixtures,
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        held.releaseAll();
        server.closeAllConnections();
      });
      return stopping;
    },
  };
}
