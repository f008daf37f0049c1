import { describe, expect, it, vi } from 'vitest';
import { contract } from '../../../src-shared/ipc/contract';
import { CHANNEL_NAMES } from '../../../src-shared/ipc/names';
import { ok, type Result } from '../../../src-shared/ipc/result';
import { CancelRegistry } from '../../../src-main/ipc/cancel-registry';
import type { HandlerTable } from '../../../src-main/ipc/handler';
import { createDispatcher } from '../../../src-main/ipc/register';
import { APP_ORIGIN } from '../../../src-main/security/renderer-baseline';
import { TOP, recordingDispatcher } from './dispatcher-fixture';

describe('dispatcher', () => {
  it('refuses a channel outside the contract without calling anything', async () => {
    const { dispatch, calls } = recordingDispatcher();
    for (const channel of ['keys.get', 'customers', '__proto__', 'constructor', 42, null]) {
      const r = await dispatch(channel, TOP, {});
      expect(r).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    }
    expect(calls).toEqual([]);
  });

  it.each([
    ['an iframe', { frameUrl: `${APP_ORIGIN}/index.html`, isTopFrame: false }],
    ['a look-alike origin', { frameUrl: 'card-desk://app.evil/index.html', isTopFrame: true }],
    ['a remote page', { frameUrl: 'https://evil.example/', isTopFrame: true }],
  ])('refuses %s on every channel, before validation', async (_name, sender) => {
    const { dispatch, calls } = recordingDispatcher();
    for (const channel of CHANNEL_NAMES) {
      const r = await dispatch(channel, sender, {});
      expect(r).toMatchObject({ ok: false, error: { kind: 'forbidden' } });
    }
    expect(calls).toEqual([]);
  });

  // One malformed input per channel: a string where an object (or nothing) is expected.
  it.each(CHANNEL_NAMES)(
    '%s: malformed input gives a validation error and the handler is not called',
    async (channel) => {
      const { dispatch, calls } = recordingDispatcher();
      const r = await dispatch(channel, TOP, 'not an object');
      expect(r).toMatchObject({ ok: false, error: { kind: 'validation' } });
      expect(calls).toEqual([]);
    },
  );

  it('names the offending field in a validation error, in the operator’s words', async () => {
    const { dispatch } = recordingDispatcher();
    const r = await dispatch('cards.create', TOP, {
      type: 'virtual',
      currency: 'NGN',
      status: 'active',
      brand: 'Verve',
    });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.field).toBe('customerId');
      expect(r.error.message).toBe('Choose a customer');
      expect(r.error.fields).toMatchObject({ customerId: 'Choose a customer' });
    }
  });

  it('passes the parsed input to the handler', async () => {
    const { dispatch, calls } = recordingDispatcher();
    const r = await dispatch('accounts.list', TOP, { page: 1, limit: 50, currency: 'NGN', extra: 'dropped' });
    expect(r).toEqual({ ok: true, data: null });
    expect(calls).toEqual([{ channel: 'accounts.list', input: { page: 1, limit: 50, currency: 'NGN' } }]);
  });

  it('turns a throwing handler or a non-Result answer into an internal error', async () => {
    const cancels = new CancelRegistry();
    const handlers = {
      'app.status': async () => {
        throw new Error('boom with details');
      },
      'customers.cacheStatus': async () => 'not a result',
    } as unknown as HandlerTable;
    const dispatch = createDispatcher({ handlers, allowedOrigins: [APP_ORIGIN], cancels });
    const thrown = await dispatch('app.status', TOP, undefined);
    expect(thrown).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(JSON.stringify(thrown)).not.toContain('boom');
    expect(await dispatch('customers.cacheStatus', TOP, undefined)).toMatchObject({
      ok: false,
      error: { kind: 'internal' },
    });
  });

  it('aborts a call when the page cancels its requestId', async () => {
    const cancels = new CancelRegistry();
    let seen: AbortSignal | null = null;
    const handlers = {
      'authorizations.list': (_input: unknown, ctx: { signal: AbortSignal }) =>
        new Promise<Result<unknown>>((resolve) => {
          seen = ctx.signal;
          ctx.signal.addEventListener('abort', () =>
            resolve({ ok: false, error: { kind: 'cancelled', message: 'cancelled' } }),
          );
        }),
      'app.cancel': async ({ requestId }: { requestId: string }) => ok({ cancelled: cancels.cancel(requestId) }),
    } as unknown as HandlerTable;
    const dispatch = createDispatcher({ handlers, allowedOrigins: [APP_ORIGIN], cancels });
    const pending = dispatch('authorizations.list', TOP, {}, { requestId: 'r1' });
    await vi.waitFor(() => expect(seen).not.toBeNull(), { timeout: 30_000 });
    expect(await dispatch('app.cancel', TOP, { requestId: 'r1' })).toEqual({ ok: true, data: { cancelled: true } });
    expect(await pending).toMatchObject({ ok: false, error: { kind: 'cancelled' } });
    expect(seen!.aborted).toBe(true);
    expect(await dispatch('app.cancel', TOP, { requestId: 'r1' })).toEqual({ ok: true, data: { cancelled: false } });
  });

  it('has a schema for every channel name', () => {
    expect(Object.keys(contract).sort()).toEqual([...CHANNEL_NAMES].sort());
  });
});
