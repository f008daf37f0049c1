// While locked, main tells the window only the lock's state, the status and updates: a sync's progress, a
// journal event and an export's progress are held back, and the latest of each is told once unlocked.
import { expect, it } from 'vitest';
import type { EventName } from '../../../src-shared/ipc/names';
import { lockedEventGate } from '../../../src-main/lock/locked-events';

it('holds back every event but the lock, the status and updates while locked, and tells the latest after', () => {
  const told: [EventName, unknown][] = [];
  let locked = false;
  const gate = lockedEventGate(
    (name: EventName, payload: unknown) => told.push([name, payload]),
    () => locked,
  );
  const progress = (pagesDone: number, environmentId = 'local') =>
    ({ environmentId, phase: 'paging', pagesDone }) as never;

  gate.emit('customers.syncProgress', progress(1));
  locked = true;
  gate.emit('customers.syncProgress', progress(2));
  gate.emit('journal.changed', { id: 'entry-1', customerName: 'Ada Obi' } as never);
  gate.emit('customers.syncProgress', progress(3));
  gate.emit('customers.syncProgress', progress(7, 'other'));
  gate.emit('exports.progress', { exportId: 'x1', rows: 10 } as never);
  gate.emit('lock.changed', { locked: true } as never);
  gate.emit('app.status', { notices: [] } as never);
  gate.emit('updates.status', { state: 'checking' });
  expect(told.map(([name]) => name)).toEqual([
    'customers.syncProgress',
    'lock.changed',
    'app.status',
    'updates.status',
  ]);
  expect(JSON.stringify(told)).not.toContain('Ada Obi');

  told.length = 0;
  locked = false;
  gate.release();
  expect(told).toEqual([
    ['journal.changed', { id: 'entry-1', customerName: 'Ada Obi' }],
    ['customers.syncProgress', progress(3)],
    ['customers.syncProgress', progress(7, 'other')],
    ['exports.progress', { exportId: 'x1', rows: 10 }],
  ]);
  told.length = 0;
  gate.release();
  expect(told).toEqual([]);
});
