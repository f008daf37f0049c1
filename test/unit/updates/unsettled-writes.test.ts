// Why an update waits to restart, in the operator's words: each kind of unsettled write named, counted
// when there are several, and nothing said when all is settled.
import { describe, expect, it } from 'vitest';
import { NO_UNSETTLED_WRITES, restartWaitReason } from '../../../src-main/updates/unsettled-writes';

describe('the reason an update waits to restart', () => {
  it('says nothing when every write is settled', () => {
    expect(restartWaitReason(NO_UNSETTLED_WRITES)).toBeNull();
  });

  it('names a write still waiting for its answer', () => {
    expect(restartWaitReason({ ...NO_UNSETTLED_WRITES, pending: 1 })).toBe(
      "A write is still waiting for the service's answer. Restart to update once it has arrived.",
    );
    expect(restartWaitReason({ ...NO_UNSETTLED_WRITES, pending: 3 })).toBe(
      "3 writes are still waiting for the service's answer. Restart to update once they have arrived.",
    );
  });

  it('names writes whose outcome is unknown until they are reconciled', () => {
    expect(restartWaitReason({ ...NO_UNSETTLED_WRITES, unknown: 1 })).toBe(
      'A write has an unknown outcome until it is reconciled (see the Journal). Restart to update once it is settled.',
    );
    expect(restartWaitReason({ ...NO_UNSETTLED_WRITES, unknown: 2 })).toMatch(
      /^2 writes have an unknown outcome until they are reconciled \(see the Journal\)\. Restart to update once they are settled\.$/,
    );
  });

  it('names a running batch, and every cause at once', () => {
    expect(restartWaitReason({ pending: 1, unknown: 2, runningBatches: 1 })).toBe(
      "A write is still waiting for the service's answer; 2 writes have an unknown outcome until they are reconciled " +
        '(see the Journal); a batch is issuing cards from a file. Restart to update once they are settled.',
    );
  });
});
