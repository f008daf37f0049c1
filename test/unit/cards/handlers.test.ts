// The known-cards channels through the IPC dispatcher: an index that cannot be opened is answered as an
// internal error at the one error boundary, its cause in the log, never in the page.
import { describe, expect, it } from 'vitest';
import { knownCardsHandlers } from '../../../src-main/cards/known-cards-handlers';
import { CancelRegistry } from '../../../src-main/ipc/cancel-registry';
import type { HandlerTable } from '../../../src-main/ipc/handler';
import { createDispatcher } from '../../../src-main/ipc/register';
import { APP_ORIGIN } from '../../../src-main/security/renderer-baseline';

const SENDER = { frameUrl: `${APP_ORIGIN}/index.html`, isTopFrame: true };

describe('known cards handlers', () => {
  it('an index that cannot be opened is an internal error, its cause logged', async () => {
    const logged: Record<string, unknown>[] = [];
    const log = (obj: object) => logged.push(obj as Record<string, unknown>);
    const dispatch = createDispatcher({
      handlers: knownCardsHandlers(async () => {
        throw new Error('disk unavailable');
      }) as unknown as HandlerTable,
      allowedOrigins: [APP_ORIGIN],
      cancels: new CancelRegistry(),
      logger: { debug: log, info: log, warn: log, error: log },
    });
    expect(await dispatch('cards.known', SENDER, {})).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(await dispatch('cards.get', SENDER, { id: 'a'.repeat(24) })).toMatchObject({
      ok: false,
      error: { kind: 'internal' },
    });
    expect(logged).toEqual([
      { channel: 'cards.known', kind: 'internal', err: 'disk unavailable' },
      { channel: 'cards.get', kind: 'internal', err: 'disk unavailable' },
    ]);
  });
});
