// Server data belongs to an environment: query keys carry its id, so switching environment never shows
// another environment's rows. Null until the app's status is known (queries wait for it).
import { useAppStore } from '../../stores/appStore';

export function useEnvironmentKey(): string | null {
  return useAppStore((s) => s.status?.environment.id ?? (s.statusError ? 'status-unavailable' : null));
}
