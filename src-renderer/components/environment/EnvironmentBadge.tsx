// What kind of environment this is, in its own colour, wherever an environment is named: production
// (real customers and money), test (the provider's test service) or the built-in local sandbox.
import { kindOf, type Environment, type EnvironmentKind } from '../../../src-shared/ipc/channels/settings';

export const KIND_LABEL: Record<EnvironmentKind, string> = {
  production: 'Production',
  test: 'Test',
  sandbox: 'Local sandbox',
};

const KIND_DETAIL: Record<EnvironmentKind, string> = {
  production: 'real money',
  test: 'test data',
  sandbox: 'test data',
};

/** The environment's name says no more than its badge ("Local sandbox" beside Local sandbox): say it once. */
export const nameIsKind = (environment: Pick<Environment, 'builtIn' | 'kind' | 'name'>): boolean =>
  environment.name.trim().toLowerCase() === KIND_LABEL[kindOf(environment)].toLowerCase();

export function EnvironmentBadge({
  environment,
  /** False in the status bar: the detail ("— real money") is left out when the bar is narrow. */
  long = true,
}: {
  environment: Pick<Environment, 'builtIn' | 'kind'>;
  long?: boolean;
}): React.JSX.Element {
  const kind = kindOf(environment);
  return (
    <span className={`badge badge-${kind}`} data-testid="environment-badge" data-kind={kind}>
      {KIND_LABEL[kind]}
      <span className={long ? undefined : 'sb-wide'}> — {KIND_DETAIL[kind]}</span>
    </span>
  );
}
