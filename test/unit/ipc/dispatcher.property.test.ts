// Random and hostile inputs on every channel: the handler never sees input that fails its schema, and
// nothing throws across the boundary.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHANNEL_NAMES } from '../../../src-shared/ipc/names';
import { TOP, recordingDispatcher } from './dispatcher-fixture';

const hostile = fc.oneof(
  fc.anything({
    withBigInt: true,
    withDate: true,
    withMap: true,
    withSet: true,
    withTypedArray: true,
    withNullPrototype: true,
    withSparseArray: true,
  }),
  fc.constantFrom(
    { __proto__: { polluted: true } },
    JSON.parse('{"__proto__": {"polluted": true}, "page": 0}'),
    { constructor: { prototype: { polluted: true } } },
    { page: -1 },
    { limit: 1e9 },
    { page: '0; DROP TABLE customers' },
    { id: '../../etc/passwd' },
    { cardId: 'x'.repeat(100_000) },
    { query: '\u0000\u202e' },
    { key: 123 },
    { url: 'javascript:alert(1)' },
    [1, 2, 3],
    '',
    0,
    NaN,
    Infinity,
  ),
  fc.record(
    { page: fc.anything(), limit: fc.anything(), id: fc.anything(), cardId: fc.anything(), query: fc.anything() },
    { requiredKeys: [] },
  ),
);

describe('every channel under random and hostile input', () => {
  it.each(CHANNEL_NAMES)('%s', async (channel) => {
    const { dispatch } = recordingDispatcher();
    await fc.assert(
      fc.asyncProperty(hostile, fc.anything(), async (input, options) => {
        // The recording handler throws if it is called with input that fails its schema; the dispatcher
        // would turn that into an internal error, which this property then rejects.
        const result = await dispatch(channel, TOP, input, options);
        expect(typeof result.ok).toBe('boolean');
        if (!result.ok) expect(result.error.kind).not.toBe('internal');
      }),
      { numRuns: 150 },
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
