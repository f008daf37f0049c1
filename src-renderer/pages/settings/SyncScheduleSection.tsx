// How often the active environment's customer cache syncs by itself.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AppError } from '../../../src-shared/ipc/result';
import { ErrorState } from '../../components/states/States';
import { bridge } from '../../lib/bridge';
import { useCacheStatus } from '../../components/customers/useCustomerSearch';
import { useAppStore } from '../../stores/appStore';
import { SET_BY_ORGANISATION, usePolicy } from './usePolicy';

export const SCHEDULE_CHOICES: readonly { minutes: number; label: string }[] = [
  { minutes: 0, label: 'Off (sync only when asked)' },
  { minutes: 15, label: 'Every 15 minutes' },
  { minutes: 60, label: 'Every hour' },
  { minutes: 240, label: 'Every 4 hours' },
];

export const FULL_SWEEP_CHOICES: readonly { hours: number; label: string }[] = [
  { hours: 6, label: 'Every 6 hours' },
  { hours: 24, label: 'Daily' },
  { hours: 168, label: 'Weekly' },
];

export function SyncScheduleSection(): React.JSX.Element {
  const environmentName = useAppStore((s) => s.status?.environment.name);
  const cache = useCacheStatus();
  const queryClient = useQueryClient();
  const [error, setError] = useState<AppError | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const locked = usePolicy().data?.data;
  const current = cache.data?.data.scheduleMinutes;
  const sweepHours = cache.data?.data.fullSweepHours;
  const sweepChoices =
    sweepHours !== undefined && !FULL_SWEEP_CHOICES.some((c) => c.hours === sweepHours)
      ? [...FULL_SWEEP_CHOICES, { hours: sweepHours, label: `Every ${sweepHours} hours` }]
      : FULL_SWEEP_CHOICES;
  const choices =
    current !== undefined && !SCHEDULE_CHOICES.some((c) => c.minutes === current)
      ? [...SCHEDULE_CHOICES, { minutes: current, label: `Every ${current} minutes` }]
      : SCHEDULE_CHOICES;

  const change = async (minutes: number) => {
    setBusy(true);
    setError(null);
    setSaved(null);
    const r = await bridge().customers.setSyncSchedule({ minutes });
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setSaved(
      minutes === 0
        ? 'Scheduled sync is off.'
        : `Customers will sync ${choices.find((c) => c.minutes === minutes)?.label.toLowerCase()}.`,
    );
    await queryClient.invalidateQueries({ queryKey: ['customers', 'cacheStatus'] });
  };

  const changeSweep = async (hours: number) => {
    setBusy(true);
    setError(null);
    setSaved(null);
    const r = await bridge().customers.setFullSweepHours({ hours });
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setSaved(
      `Syncs fetch only what changed; every customer is fetched again ${sweepChoices.find((c) => c.hours === hours)?.label.toLowerCase()}.`,
    );
    await queryClient.invalidateQueries({ queryKey: ['customers', 'cacheStatus'] });
  };

  return (
    <section className="panel" aria-labelledby="schedule-title">
      <h2 id="schedule-title">Customer sync schedule</h2>
      {cache.error ? (
        <ErrorState error={cache.error.appError} onRetry={() => void cache.refetch()} />
      ) : (
        <label>
          Sync the customers of {environmentName ?? 'the active environment'}
          <select
            value={current ?? ''}
            disabled={current === undefined || busy || locked?.syncScheduleMinutes != null}
            onChange={(e) => void change(Number(e.target.value))}
          >
            {current === undefined ? <option value="">Loading…</option> : null}
            {choices.map((c) => (
              <option key={c.minutes} value={c.minutes}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {cache.error ? null : (
        <label>
          Full sweep (fetch every customer again, to catch edits and deletions)
          <select
            value={sweepHours ?? ''}
            disabled={sweepHours === undefined || busy || locked?.fullSweepHours != null}
            onChange={(e) => void changeSweep(Number(e.target.value))}
          >
            {sweepHours === undefined ? <option value="">Loading…</option> : null}
            {sweepChoices.map((c) => (
              <option key={c.hours} value={c.hours}>
                {c.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {locked?.syncScheduleMinutes != null || locked?.fullSweepHours != null ? (
        <p className="muted small">{SET_BY_ORGANISATION}: ask your IT team to change the schedule.</p>
      ) : null}
      {error ? <ErrorState error={error} /> : null}
      {saved ? (
        <p role="status" className="ok-text">
          {saved}
        </p>
      ) : null}
    </section>
  );
}
