// A new environment with a key fills its customer cache by itself: the first time Card Desk sees it
// active with a key and a cache never synced, it starts the sync (its progress shows in the status bar
// and on the Customers page) and, when the schedule is Off, sets it to a sensible interval. The built-in
// sandbox does the same, unless main says its first sync is left to the operator (`firstSyncByItself`).
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { bridge } from '../lib/bridge';
import { useAppStore } from '../stores/appStore';
import { useLockStore } from '../stores/lockStore';

/** The schedule a new environment gets: every hour (Settings offers the others). */
export const DEFAULT_SCHEDULE_MINUTES = 60;

export function useFirstSync(): void {
  const env = useAppStore((s) => s.status?.environment);
  const queryClient = useQueryClient();
  const seen = useRef(new Set<string>());
  const id = env?.id;
  const baseUrl = env?.baseUrl;
  // Main refuses the cache while locked (Card Desk may start locked): the first sync waits for the unlock.
  const unlocked = useLockStore((s) => s.lock?.locked === false);
  const eligible = unlocked && env !== undefined && env.hasKey && env.firstSyncByItself !== false;
  useEffect(() => {
    if (!eligible || !id) return;
    // Once per environment and address in a run: a sync the operator cancelled is not started again.
    const key = `${id} ${baseUrl}`;
    if (seen.current.has(key)) return;
    seen.current.add(key);
    void (async () => {
      const status = await bridge().customers.cacheStatus();
      if (!status.ok) return;
      const s = status.data;
      if (s.lastSyncedAt !== null || s.syncing || s.customers > 0) return;
      if (s.scheduleMinutes === 0) await bridge().customers.setSyncSchedule({ minutes: DEFAULT_SCHEDULE_MINUTES });
      void queryClient.invalidateQueries({ queryKey: ['customers'] });
      await bridge().customers.sync();
      void queryClient.invalidateQueries({ queryKey: ['customers'] });
    })();
  }, [eligible, id, baseUrl, queryClient]);
}
