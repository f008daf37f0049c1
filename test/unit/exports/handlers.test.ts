// The export channels through the IPC dispatcher: a service that throws is answered as an internal error at
// the one error boundary, its cause in the log, never in the page.
import { describe, expect, it } from 'vitest';
import { exportHandlers } from '../../../src-main/exports/handlers';
import type { ExportService } from '../../../src-main/exports/service';
import { CancelRegistry } from '../../../src-main/ipc/cancel-registry';
import type { HandlerTable } from '../../../src-main/ipc/handler';
import { createDispatcher } from '../../../src-main/ipc/register';
import { APP_ORIGIN } from '../../../src-main/security/renderer-baseline';

const SENDER = { frameUrl: `${APP_ORIGIN}/index.html`, isTopFrame: true };

describe('export handlers', () => {
  it('a service that throws becomes an internal error, its cause logged', async () => {
    const broken: ExportService = {
      start: async () => {
        throw new Error('boom');
      },
      cancel: () => {
        throw new Error('boom');
      },
      cancelAll: async () => undefined,
    };
    const logged: object[] = [];
    const log = (obj: object) => logged.push(obj);
    const dispatch = createDispatcher({
      handlers: exportHandlers(broken) as unknown as HandlerTable,
      allowedOrigins: [APP_ORIGIN],
      cancels: new CancelRegistry(),
      logger: { debug: log, info: log, warn: log, error: log },
    });
    expect(await dispatch('exports.start', SENDER, { source: 'customers' })).toMatchObject({
      ok: false,
      error: { kind: 'internal' },
    });
    expect(await dispatch('exports.cancel', SENDER, { exportId: 'x' })).toMatchObject({
      ok: false,
      error: { kind: 'internal' },
    });
    expect(logged).toEqual([
      { channel: 'exports.start', kind: 'internal', err: 'boom' },
      { channel: 'exports.cancel', kind: 'internal', err: 'boom' },
    ]);
  });
});
