// The error boundary of IPC requests: every failure becomes a Result and is logged once, by the
// dispatcher, with its channel and error kind; keychain errors keep their kind; no input reaches the log.
import { describe, expect, it } from 'vitest';
import { err, ok } from '../../../src-shared/ipc/result';
import { errorMessage } from '../../../src-main/errors/error-message';
import { CancelRegistry } from '../../../src-main/ipc/cancel-registry';
import { failureFrom } from '../../../src-main/ipc/failure';
import type { HandlerTable } from '../../../src-main/ipc/handler';
import { createDispatcher } from '../../../src-main/ipc/register';
import { KeychainUnavailableError } from '../../../src-main/keychain/keychain-error';
import type { Logger } from '../../../src-main/ports/ports';
import { APP_ORIGIN } from '../../../src-main/security/renderer-baseline';
import { TOP } from './dispatcher-fixture';

const KEY = 'sk_live_boundary_3f9a1c';

function rig(handlers: Record<string, unknown>) {
  const lines: { level: string; obj: Record<string, unknown>; msg?: string }[] = [];
  const at =
    (level: string) =>
    (obj: object, msg?: string): void => {
      lines.push({ level, obj: obj as Record<string, unknown>, msg });
    };
  const logger: Logger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  const dispatch = createDispatcher({
    handlers: handlers as unknown as HandlerTable,
    allowedOrigins: [APP_ORIGIN],
    cancels: new CancelRegistry(),
    logger,
  });
  return { dispatch, lines };
}

describe('the IPC error boundary', () => {
  it('turns a throw into an internal error for the user and one error line for the log', async () => {
    const { dispatch, lines } = rig({
      'app.status': async () => {
        throw new Error('disk I/O error at page 7');
      },
    });
    const result = await dispatch('app.status', TOP, undefined);
    expect(result).toEqual({
      ok: false,
      error: { kind: 'internal', message: 'Card Desk could not complete that request. Details are in the log.' },
    });
    expect(lines).toEqual([
      {
        level: 'error',
        obj: { channel: 'app.status', kind: 'internal', err: 'disk I/O error at page 7' },
        msg: 'request failed',
      },
    ]);
  });

  it('keeps the kind of a keychain error, rejected by an async handler or thrown before a promise exists', async () => {
    const locked = () => new KeychainUnavailableError('locked', 'Object does not exist at path /collection/login');
    const { dispatch, lines } = rig({
      'keys.has': async () => {
        throw locked();
      },
      'disputes.list': () => {
        throw locked();
      },
    });
    for (const [channel, input] of [
      ['keys.has', { environmentId: 'local-sandbox' }],
      ['disputes.list', {}],
    ] as const) {
      expect(await dispatch(channel, TOP, input)).toMatchObject({ ok: false, error: { kind: 'keychain_unavailable' } });
    }
    expect(lines).toEqual(
      ['keys.has', 'disputes.list'].map((channel) => ({
        level: 'warn',
        obj: { channel, kind: 'keychain_unavailable', err: 'Object does not exist at path /collection/login' },
        msg: 'request failed',
      })),
    );
  });

  it('logs a failed Result once with its kind and status, a cancel at debug, a success not at all', async () => {
    const { dispatch, lines } = rig({
      'cards.get': async () => err('not_found', 'Card abc is not among the cards Card Desk has seen.'),
      'disputes.list': async () => err('rate_limited', 'Too many requests.', { status: 429 }),
      'accounts.list': async () => err('cancelled', 'Cancelled.'),
      'environments.list': async () => ok([]),
    });
    await dispatch('cards.get', TOP, { id: 'a'.repeat(24) });
    await dispatch('disputes.list', TOP, {});
    await dispatch('accounts.list', TOP, {});
    await dispatch('environments.list', TOP, {});
    expect(lines).toEqual([
      { level: 'warn', obj: { channel: 'cards.get', kind: 'not_found' }, msg: 'request failed' },
      { level: 'warn', obj: { channel: 'disputes.list', kind: 'rate_limited', status: 429 }, msg: 'request failed' },
      { level: 'debug', obj: { channel: 'accounts.list', kind: 'cancelled' }, msg: 'request failed' },
    ]);
  });

  it('keeps the cause of a worded failure for the log, and never logs the input', async () => {
    const { dispatch, lines } = rig({
      'keys.set': async () => failureFrom(new Error('EACCES: settings.json'), 'The key could not be saved.'),
    });
    const result = await dispatch('keys.set', TOP, { environmentId: 'live', key: KEY });
    expect(result).toEqual({ ok: false, error: { kind: 'internal', message: 'The key could not be saved.' } });
    expect(lines).toEqual([
      {
        level: 'error',
        obj: { channel: 'keys.set', kind: 'internal', err: 'EACCES: settings.json' },
        msg: 'request failed',
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain(KEY);
  });
});

describe('errorMessage', () => {
  it.each([
    [new TypeError('bad'), 'bad'],
    ['plain text', 'plain text'],
    [{ message: 'from an object' }, 'from an object'],
    [{ code: 7 }, '[object Object]'],
    [null, 'null'],
    [undefined, 'undefined'],
    [42, '42'],
  ])('reads %o as %s', (thrown, text) => expect(errorMessage(thrown)).toBe(text));
});
