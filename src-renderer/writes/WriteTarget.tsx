// Where a write goes, said before it is sent: the environment by name, its kind in its colour, and its
// address. A card issued in production by mistake cannot be taken back.
import { kindOf } from '../../src-shared/ipc/channels/settings';
import { EnvironmentBadge, nameIsKind } from '../components/environment/EnvironmentBadge';
import { useAppStore } from '../stores/appStore';

export function WriteTarget(): React.JSX.Element | null {
  const env = useAppStore((s) => s.status?.environment);
  if (!env) return null;
  return (
    <p className={`write-target write-target-${kindOf(env)}`} data-testid="write-target">
      Sends to{' '}
      {nameIsKind(env) ? null : (
        <>
          <strong>{env.name}</strong>{' '}
        </>
      )}
      <EnvironmentBadge environment={env} /> at <span className="mono">{env.baseUrl}</span>
    </p>
  );
}
