// Production or test: what an environment of the operator's own is. Production is marked on every page
// with a band in its colour; a write's review step names the environment either way.
import type { USER_ENVIRONMENT_KINDS } from '../../../src-shared/ipc/channels/settings';

export type UserKind = (typeof USER_ENVIRONMENT_KINDS)[number];

export function EnvironmentKindField({
  idBase,
  value,
  onChange,
}: {
  idBase: string;
  value: UserKind;
  onChange: (kind: UserKind) => void;
}): React.JSX.Element {
  const id = `${idBase}-kind`;
  return (
    <label htmlFor={id}>
      Kind
      <select id={id} value={value} onChange={(e) => onChange(e.target.value === 'test' ? 'test' : 'production')}>
        <option value="production">Production — real customers and money</option>
        <option value="test">Test — the provider&rsquo;s test service</option>
      </select>
    </label>
  );
}
