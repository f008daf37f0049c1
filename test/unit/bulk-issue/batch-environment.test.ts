// Which changes of environment an open batch refuses, on a real batch file: a batch running, paused or
// interrupted holds its environment (no other made active, it not deleted nor moved), naming the batch and the
// environment; a batch ready, done or cancelled holds nothing. Where a batch sends is recorded from its
// environment (the built-in sandbox records none), and a batch whose environment moved is not resumed there.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { BatchState } from '../../../src-shared/ipc/channels/bulk-issue';
import { batchDestination, movedRefusal, switchRefusal } from '../../../src-main/bulk-issue/batch-environment';
import { openBatchStore, type BatchStore } from '../../../src-main/bulk-issue/batch-store';
import type { ActiveEnvironment } from '../../../src-main/environments/environment-manager';

let dir: string;
let store: BatchStore;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'card-desk-batch-env-unit-'));
  store = openBatchStore(join(dir, 'bulk-issue.sqlite'));
});
afterEach(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

const NAMES: Record<string, string> = { test: 'Test', prod: 'Production', staging: 'Staging' };
const nameOf = (id: string) => NAMES[id] ?? id;

function batch(id: string, environmentId: string, state: BatchState): void {
  store.create(
    { id, environmentId, createdAt: '2026-11-27T09:30:00.000Z', fileName: `${id}.csv`, fileHash: id, state: 'ready' },
    [],
  );
  store.setState(id, state);
}

const activeOn = (id: string, baseUrl: string, builtIn = false): ActiveEnvironment =>
  ({ environment: { id, name: nameOf(id), baseUrl, builtIn, hasKey: true, keyVerified: true } }) as ActiveEnvironment;

describe('an open batch holds its environment', () => {
  it.each(['running', 'paused', 'interrupted'] as const)('a %s batch refuses every switch away, naming it', (state) => {
    batch('staff', 'test', state);
    expect(switchRefusal(store, { kind: 'activate', to: 'prod' }, nameOf)).toBe(
      `Production was not made active: the batch "staff.csv" (previewed 2026-11-27 09:30 UTC) is ${state} in Test, and a batch sends its cards only where it started. Let it finish, or cancel it, in Test first.`,
    );
    expect(switchRefusal(store, { kind: 'delete', id: 'test' }, nameOf)).toMatch(
      new RegExp(`^Test was not deleted: the batch "staff\\.csv" .* is ${state} in Test`),
    );
    expect(switchRefusal(store, { kind: 'move', id: 'test' }, nameOf)).toMatch(
      /^Test keeps its address: .*Let it finish, or cancel it, in Test before you change it\.$/,
    );
    // Going to the batch's own environment, or changing another one, is not held.
    expect(switchRefusal(store, { kind: 'activate', to: 'test' }, nameOf)).toBeNull();
    expect(switchRefusal(store, { kind: 'delete', id: 'staging' }, nameOf)).toBeNull();
    expect(switchRefusal(store, { kind: 'move', id: 'prod' }, nameOf)).toBeNull();
  });

  it.each(['ready', 'done', 'cancelled'] as const)('a %s batch holds nothing', (state) => {
    batch('staff', 'test', state);
    expect(switchRefusal(store, { kind: 'activate', to: 'prod' }, nameOf)).toBeNull();
    expect(switchRefusal(store, { kind: 'delete', id: 'test' }, nameOf)).toBeNull();
  });
});

describe('where a batch sends', () => {
  it('is its environment address and key entry; the built-in sandbox records none', () => {
    expect(batchDestination(activeOn('test', 'https://test.bank.example:8443/v1'))).toEqual({
      origin: 'https://test.bank.example:8443',
      keyAccount: 'test https://test.bank.example:8443',
    });
    expect(batchDestination(activeOn('local-sandbox', 'http://127.0.0.1:41234', true))).toEqual({
      origin: null,
      keyAccount: null,
    });
  });

  it('a batch whose environment now points elsewhere is not resumed there, naming both addresses', () => {
    batch('staff', 'test', 'paused');
    store.pin('staff', { origin: 'https://test.bank.example', keyAccount: 'test https://test.bank.example' });
    const stored = store.get('staff')!;
    expect(movedRefusal(stored, activeOn('test', 'https://test.bank.example/api'))).toBeNull();
    const moved = movedRefusal(stored, activeOn('test', 'https://other.bank.example'));
    expect(moved?.error).toMatchObject({ kind: 'conflict' });
    expect(moved?.error.message).toBe(
      'This batch sends its cards to https://test.bank.example, where it started, and Test now points at https://other.bank.example. No row is sent anywhere else: cancel the batch, or point Test back at https://test.bank.example.',
    );
  });
});
