// Search over customers synced from the real sandbox over HTTP into a real SQLite file; then offline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Customer } from '../../../src-shared/api/records';
import { customerSearchResultSchema } from '../../../src-shared/ipc/channels/customers';
import { customerHandlers } from '../../../src-main/cache/handlers';
import type { CustomerCacheService } from '../../../src-main/cache/service';
import type { SandboxHandle } from '../../../src-main/sandbox/handle';
import { syncedCacheOnSandbox } from './cache-fixture';
import { CancelRegistry } from '../../../src-main/ipc/cancel-registry';
import type { HandlerTable } from '../../../src-main/ipc/handler';
import { createDispatcher } from '../../../src-main/ipc/register';
import { APP_ORIGIN } from '../../../src-main/security/renderer-baseline';

const COUNT = 1_500;
let sandbox: SandboxHandle;
let cache: CustomerCacheService;
let everyone: Customer[];
let close: () => Promise<void>;

beforeAll(async () => {
  ({ sandbox, cache, everyone, close } = await syncedCacheOnSandbox({ customers: COUNT, seed: 11 }));
});
afterAll(async () => {
  await close?.();
});

// An independent reading of the rules, to check totals against: words fold case and accents.
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const wordsOf = (c: Customer) =>
  fold([c.name, c.individual?.firstName, c.individual?.lastName, c.individual?.otherNames].join(' '))
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const nameMatches = (c: Customer, query: string) =>
  fold(query)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .every((q) => wordsOf(c).some((w) => w.startsWith(q)));

const ids = (cs: Customer[]) => cs.map((c) => c._id);
const someone = () => everyone[737]!;

describe('customer search (synced from the sandbox)', () => {
  it('finds a customer by first, last or other name, any case, with or without accents', async () => {
    const c = everyone.find((x, i) => i > 500 && x.individual?.otherNames)!;
    const { firstName, lastName, otherNames } = c.individual!;
    for (const q of [
      firstName!,
      lastName!.toUpperCase(),
      otherNames!,
      `${lastName} ${firstName!.slice(0, 2)}`,
      `${firstName} ${lastName}`,
    ]) {
      const r = await cache.search(q, 200);
      expect(ids(r.results), q).toContain(c._id);
    }
    // Accents typed on a name stored without them still find it.
    const accented = firstName!.replace(/a/, 'á').replace(/e/, 'é').replace(/o/, 'ọ');
    expect(ids((await cache.search(`${accented} ${lastName}`, 200)).results)).toContain(c._id);
  });

  it('counts exactly the customers whose names match every word as a prefix', async () => {
    const c = someone();
    for (const q of [
      c.individual!.lastName!.slice(0, 3),
      `${c.individual!.firstName} ${c.individual!.lastName!.slice(0, 2)}`,
      `${c.individual!.firstName} ${c.individual!.lastName}`,
    ]) {
      const expected = everyone.filter(
        (x) => nameMatches(x, q) || (!/\s/.test(q) && x.emailAddress!.toLowerCase().startsWith(q.toLowerCase())),
      );
      const r = await cache.search(q, 200);
      expect(r.total, q).toBe(expected.length);
      expect(r.totalCapped).toBe(false);
      expect(new Set(ids(r.results)), q).toEqual(new Set(ids(expected).slice(0, 200)));
    }
  });

  it('finds every word a long prefix starts, alone and beside other words', async () => {
    const words = [...new Set(everyone.flatMap(wordsOf))];
    // A prefix of 7+ letters shared by two or more different name words (e.g. a name and a longer name).
    const long = words
      .filter((w) => w.length >= 8)
      .map((w) => w.slice(0, 7))
      .find((p) => words.filter((w) => w.startsWith(p)).length >= 2)!;
    expect(long).toBeDefined();
    const other = everyone.find((c) => nameMatches(c, long))!.individual!.lastName!.slice(0, 2);
    for (const q of [long, long.toUpperCase(), `${long} ${other}`, `${other} ${long}`]) {
      const expected = everyone.filter((x) => nameMatches(x, q));
      const r = await cache.search(q, 200);
      expect(new Set(ids(r.results)), q).toEqual(new Set(ids(expected).slice(0, 200)));
      expect(r.total, q).toBe(expected.length);
    }
  });

  it('lists whole-word matches before prefix matches', async () => {
    // A first name that is also the start of a longer name word in the data.
    const names = new Set(everyone.flatMap(wordsOf));
    const short = [...names].find((n) => n.length >= 3 && [...names].some((m) => m !== n && m.startsWith(n)))!;
    const r = await cache.search(short, 200);
    const whole = r.results.map((x) => wordsOf(x).includes(short));
    expect(whole.indexOf(false)).toBeGreaterThan(0);
    expect(whole.lastIndexOf(true)).toBeLessThan(whole.indexOf(false));
  });

  it('finds a phone number in every common form', async () => {
    const c = someone();
    const international = c.phoneNumber!; // +234XXXXXXXXXX
    const nsn = international.slice(4);
    const forms = [
      international,
      international.slice(1),
      `0${nsn}`,
      `0${nsn.slice(0, 3)} ${nsn.slice(3, 6)} ${nsn.slice(6)}`,
      `+234 ${nsn.slice(0, 3)}-${nsn.slice(3)}`,
    ];
    for (const q of forms) {
      const r = await cache.search(q);
      expect(ids(r.results), q).toContain(c._id);
      expect(
        r.results.every((x) => x.phoneNumber === international),
        q,
      ).toBe(true);
    }
    // As the user types: a prefix in national form.
    const typing = await cache.search(`0${nsn.slice(0, 6)}`, 200);
    expect(ids(typing.results)).toContain(c._id);
    expect(typing.total).toBe(everyone.filter((x) => x.phoneNumber!.startsWith(`+234${nsn.slice(0, 6)}`)).length);
  });

  it('finds an email, exactly or by its start, in any case', async () => {
    const c = someone();
    const email = c.emailAddress!;
    expect(ids((await cache.search(email.toUpperCase())).results)[0]).toBe(c._id);
    const start = email.slice(0, email.indexOf('@') + 3);
    const r = await cache.search(start, 200);
    expect(ids(r.results)).toContain(c._id);
    expect(r.total).toBe(everyone.filter((x) => x.emailAddress!.toLowerCase().startsWith(start.toLowerCase())).length);
  });

  it('finds a customer by an id prefix', async () => {
    const c = someone();
    expect(ids((await cache.search(c._id)).results)).toEqual([c._id]);
    const r = await cache.search(c._id.slice(0, 20).toUpperCase(), 200);
    expect(ids(r.results)).toContain(c._id);
    expect(r.total).toBe(
      everyone.filter((x) => x._id.startsWith(c._id.slice(0, 20)) || nameMatches(x, c._id.slice(0, 20))).length,
    );
  });

  it('finds a customer by the end of the id as it is displayed (last 8 or more), any case', async () => {
    const c = someone();
    for (const q of [c._id.slice(-8), c._id.slice(-8).toUpperCase(), c._id.slice(-12)]) {
      const r = await cache.search(q);
      expect(ids(r.results)[0], q).toBe(c._id);
      expect(
        r.results.every(
          (x) => x._id.endsWith(q.toLowerCase()) || x._id.startsWith(q.toLowerCase()) || nameMatches(x, q),
        ),
      ).toBe(true);
    }
    // Fewer than 8 characters is a prefix, not a displayed id.
    expect(ids((await cache.search(c._id.slice(-6), 200)).results)).not.toContain(c._id);
  });

  it('finds a customer by the whole BVN or NIN number', async () => {
    for (const type of ['BVN', 'NIN']) {
      const c = everyone.find((x, i) => i > 300 && x.individual?.identity?.type === type)!;
      const r = await cache.search(c.individual!.identity!.number!);
      expect(ids(r.results)[0], type).toBe(c._id);
    }
  });

  it('returns the first N results, the total, and how old the cache is', async () => {
    const r = await cache.search('a', 10);
    expect(r.results).toHaveLength(10);
    expect(r.total).toBeGreaterThan(10);
    expect(r.lastSyncedAt).not.toBeNull();
    expect(r.cacheAgeMs).toBeGreaterThanOrEqual(0);
    expect(r.cacheAgeMs).toBeLessThan(60_000);
    expect(customerSearchResultSchema.safeParse(r).success).toBe(true);
  });

  it('answers through the IPC handlers, and a cache that cannot be opened fails at the IPC boundary', async () => {
    const getActive = async (): Promise<never> => {
      throw new Error('customers.list is not read here');
    };
    const handlers = customerHandlers({ getCache: async () => cache, getActive });
    const signal = new AbortController().signal;
    const found = await handlers['customers.search']({ query: someone().emailAddress! }, { signal });
    expect(found.ok && ids(found.data.results)).toEqual([someone()._id]);
    const one = await handlers['customers.get']({ id: someone()._id }, { signal });
    expect(one).toEqual({ ok: true, data: someone() });
    const missing = await handlers['customers.get']({ id: 'f'.repeat(24) }, { signal });
    expect(missing.ok === false && missing.error.kind).toBe('not_found');
    const status = await handlers['customers.cacheStatus'](undefined, { signal });
    expect(status.ok && status.data).toMatchObject({
      customers: COUNT,
      syncing: false,
      resumeFromPage: null,
      notice: null,
    });
    const broken = customerHandlers({
      getCache: async () => {
        throw new Error('no environment is active');
      },
      getActive,
    });
    const logged: Record<string, unknown>[] = [];
    const log = (obj: Record<string, unknown>) => logged.push(obj);
    const dispatch = createDispatcher({
      handlers: broken as unknown as HandlerTable,
      allowedOrigins: [APP_ORIGIN],
      cancels: new CancelRegistry(),
      logger: { debug: log, info: log, warn: log, error: log },
    });
    const sender = { frameUrl: `${APP_ORIGIN}/index.html`, isTopFrame: true };
    const failed = await dispatch('customers.search', sender, { query: 'ada' });
    expect(failed).toEqual({
      ok: false,
      error: { kind: 'internal', message: 'Card Desk could not complete that request. Details are in the log.' },
    });
    expect(logged).toEqual([{ channel: 'customers.search', kind: 'internal', err: 'no environment is active' }]);
  });

  it('keeps searching when the service is gone', async () => {
    await sandbox.stop();
    const c = someone();
    expect(ids((await cache.search(c.emailAddress!)).results)).toEqual([c._id]);
    expect(await cache.get(c._id)).toEqual(c);
    const sync = await cache.sync();
    expect(sync.ok).toBe(false);
    expect(!sync.ok && sync.error.kind).toBe('network');
    expect((await cache.status()).customers).toBe(COUNT);
  });
});
