// What the operating system tells the app's lock (src-main/lock/app-lock.ts), from Electron's powerMonitor:
// the system's idle time, and when the screen locks or the computer is about to sleep. `lock-screen` is
// emitted on macOS and Windows only; on Linux a locked screen shows as getSystemIdleState's 'locked', which
// is read every 15 s. Use after the app is ready (powerMonitor needs it).
import { powerMonitor } from 'electron';
import type { LockSignals } from '../lock/app-lock';

const LOCKED_STATE_CHECK_MS = 15_000;

export function powerMonitorLockSignals(): LockSignals {
  return {
    idleSeconds: () => powerMonitor.getSystemIdleTime(),
    onSystemLock(locked) {
      powerMonitor.on('lock-screen', locked);
      powerMonitor.on('suspend', locked);
      const timer = setInterval(() => {
        if (powerMonitor.getSystemIdleState(60) === 'locked') locked();
      }, LOCKED_STATE_CHECK_MS);
      timer.unref();
      return () => {
        powerMonitor.off('lock-screen', locked);
        powerMonitor.off('suspend', locked);
        clearInterval(timer);
      };
    },
  };
}
