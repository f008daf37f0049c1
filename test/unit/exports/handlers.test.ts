import { describe, expect, it } from 'vitest';
import { exportHandlers } from '../../../src-main/exports/handlers';
import type { ExportService } from '../../../src-main/exports/service';

const ctx = { signal: new AbortController().signal };

describe('export handlers', () => {
  it('never throw: a service that throws becomes an internal error', async () => {
    const broken: ExportService = {
      start: async () => {
        throw new Error('boom');
      },
      cancel: () => {
        throw new Error('boom');
      },
      cancelAll: async () => undefined,
    };
    const handlers = exportHandlers(broken);
    expect(await handlers['exports.start']({ source: 'customers' }, ctx)).toMatchObject({
      ok: false,
      error: { kind: 'internal', message: expect.stringContaining('boom') },
    });
    expect(await handlers['exports.cancel']({ exportId: 'x' }, ctx)).toMatchObject({
      ok: false,
      error: { kind: 'internal' },
    });
  });
});
