// On every page of a production environment: a band in production's colour naming it, so nobody mistakes
// real customers and money for a test.
import { kindOf } from '../../src-shared/ipc/channels/settings';
import { useAppStore } from '../stores/appStore';

export function ProductionBand(): React.JSX.Element | null {
  const env = useAppStore((s) => s.status?.environment);
  if (!env || kindOf(env) !== 'production') return null;
  return (
    <div className="production-band" role="note" aria-label="Production environment" data-testid="production-band">
      <strong>Production</strong> · {env.name} · real customers and real money
    </div>
  );
}
