// What main tells the window while Card Desk is locked: only the lock's own state, the status bar's status
// and updates. Every other event (a sync's progress, a journal event, an export's progress) is held back,
// so nothing of a customer or of the work reaches a locked window; the latest of each is told once it is
// unlocked, so the window is up to date again (a sync that ended meanwhile shows as ended).
import type { EventName } from '../../src-shared/ipc/names';
import type { Emit } from '../ports/ports';

export const EVENTS_WHILE_LOCKED: ReadonlySet<EventName> = new Set<EventName>([
  'lock.changed',
  'app.status',
  'updates.status',
]);

export interface LockedEventGate {
  emit: Emit;
  /** Tells the window the latest of each event held back while it was locked. */
  release(): void;
}

/** The held event's key: one per event name and per export or environment it is about. */
function keyOf(name: EventName, payload: unknown): string {
  const p = payload as { exportId?: string; environmentId?: string } | null;
  return `${name} ${p?.exportId ?? p?.environmentId ?? ''}`;
}

export function lockedEventGate(emit: Emit, isLocked: () => boolean): LockedEventGate {
  const held = new Map<string, () => void>();
  return {
    emit: (name, payload) => {
      if (!isLocked() || EVENTS_WHILE_LOCKED.has(name)) {
        emit(name, payload);
        return;
      }
      const key = keyOf(name, payload);
      held.delete(key); // the latest goes last
      held.set(key, () => emit(name, payload));
    },
    release() {
      const pending = [...held.values()];
      held.clear();
      for (const tell of pending) tell();
    },
  };
}
