// The lock's signals from Electron's powerMonitor (the one thing here that cannot run: `electron` is
// replaced by an emitter with the calls src-main/shell/lock-signals.ts makes, as electron.d.ts declares them).
import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';

const monitor = Object.assign(new EventEmitter(), {
  idle: 0,
  state: 'active',
  getSystemIdleTime(): number {
    return monitor.idle;
  },
  getSystemIdleState(_threshold: number): string {
    return monitor.state;
  },
});
vi.mock('electron', () => ({ powerMonitor: monitor, default: { powerMonitor: monitor } }));
const { powerMonitorLockSignals } = await import('../../../src-main/shell/lock-signals');

afterEach(() => vi.useRealTimers());

describe('lock signals from powerMonitor', () => {
  it('give the idle time and call back on lock-screen, suspend and a locked idle state, until stopped', () => {
    vi.useFakeTimers();
    const signals = powerMonitorLockSignals();
    monitor.idle = 125;
    expect(signals.idleSeconds()).toBe(125);
    let locked = 0;
    const stop = signals.onSystemLock(() => locked++);
    monitor.emit('lock-screen');
    monitor.emit('suspend');
    expect(locked).toBe(2);
    monitor.state = 'locked';
    vi.advanceTimersByTime(15_000);
    expect(locked).toBe(3);
    stop();
    monitor.emit('lock-screen');
    vi.advanceTimersByTime(15_000);
    expect(locked).toBe(3);
    expect(monitor.listenerCount('suspend')).toBe(0);
  });
});
