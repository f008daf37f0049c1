// The organisation's policy laid over the operator's settings: the environments it sets come first, marked
// managed (their key, and whether it was verified, stay the operator's); with `allowUserEnvironments: false`
// the operator's own environments are kept in settings.json but not used; with `allowLocalSandbox: false`
// the local sandbox is never the active environment.
import { LOCAL_SANDBOX_ENVIRONMENT_ID } from '../../src-shared/ipc/channels/settings';
import { err, type Err } from '../../src-shared/ipc/result';
import { NO_POLICY, type Policy } from '../policy/policy';
import type { Settings, StoredEnvironment } from './settings-file';

export type EnvironmentsPolicy = Pick<Policy, 'environments' | 'allowUserEnvironments' | 'allowLocalSandbox'>;

export const SET_BY_ORGANISATION = 'Set by your organisation';
export const MANAGED_REFUSAL =
  "This environment is set by your organisation's policy: it cannot be changed or deleted here. Its API key is yours to enter.";
export const USER_ENVIRONMENTS_REFUSAL =
  "Your organisation's policy does not allow adding environments. Use one your organisation set, or ask your IT team.";
export const LOCAL_SANDBOX_REFUSAL =
  "Your organisation's policy turns the local sandbox off. Choose one of your organisation's environments in Settings.";

export interface Overlaid {
  settings: Settings;
  /** The operator's environments the policy does not allow using: kept in settings.json, not shown. */
  hidden: StoredEnvironment[];
  notices: string[];
}

export function overlayPolicy(settings: Settings, policy: EnvironmentsPolicy = NO_POLICY): Overlaid {
  const managedIds = new Set(policy.environments.map((e) => e.id));
  const managed: StoredEnvironment[] = policy.environments.map((env) => {
    const before = settings.environments.find((e) => e.id === env.id);
    return {
      id: env.id,
      name: env.name,
      baseUrl: env.baseUrl,
      // Whether its key was verified is the operator's, as long as it is the same address.
      keyVerified: before && before.baseUrl === env.baseUrl ? before.keyVerified : null,
      managed: true,
    };
  });
  // An environment an earlier policy set and this one does not is gone with it.
  const own = settings.environments.filter((e) => !e.managed && !managedIds.has(e.id));
  const names = new Set(managed.map((e) => e.name.toLowerCase()));
  const usable = policy.allowUserEnvironments ? own.filter((e) => !names.has(e.name.toLowerCase())) : [];
  const hidden = own.filter((e) => !usable.includes(e));
  const environments = [...managed, ...usable];
  const notices =
    hidden.length > 0
      ? [
          `Your organisation's policy does not allow ${hidden.map((e) => `"${e.name}"`).join(', ')} here, so Card Desk does not show it. It is kept, and comes back if the policy allows it.`,
        ]
      : [];
  let { activeId } = settings;
  const activeUsable =
    environments.some((e) => e.id === activeId) ||
    (activeId === LOCAL_SANDBOX_ENVIRONMENT_ID && policy.allowLocalSandbox);
  if (!activeUsable) activeId = environments[0]?.id ?? LOCAL_SANDBOX_ENVIRONMENT_ID;
  if (activeId === LOCAL_SANDBOX_ENVIRONMENT_ID && !policy.allowLocalSandbox && environments[0])
    activeId = environments[0].id;
  return { settings: { ...settings, activeId, environments }, hidden, notices };
}

/** Why `id` cannot be changed or deleted, or null. */
export function managedRefusal(env: StoredEnvironment | undefined): Err | null {
  return env?.managed ? err('forbidden', MANAGED_REFUSAL, { field: 'id' }) : null;
}
