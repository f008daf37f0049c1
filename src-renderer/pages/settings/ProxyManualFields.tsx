// A manual proxy's fields: host, port, an optional user name (NTLM or Basic) and its password, each with its
// problem beside it (from the form's own check or from main's).
import { FieldError } from '../../components/fields/FieldError';

export type ProxyField = 'host' | 'port' | 'username' | 'servicePrincipal';

/** The aria attributes of a field with or without a problem (its message at `${id}-error`). */
export function invalidProps(
  problem: string | undefined,
  id: string,
): { 'aria-invalid': true; 'aria-describedby': string } | { 'aria-invalid': undefined } {
  return problem ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : { 'aria-invalid': undefined };
}

interface ManualValues {
  host: string;
  port: string;
  username: string;
  password: string;
}

export function ProxyManualFields({
  id,
  values: { host, port, username, password },
  set,
  hasProxyPassword,
  problemAt,
}: {
  id: (field: string) => string;
  values: ManualValues;
  set: { [K in keyof ManualValues]: (value: string) => void };
  hasProxyPassword: boolean;
  problemAt: (field: ProxyField) => string | undefined;
}): React.JSX.Element {
  const fieldProps = (field: ProxyField, idName: string) => invalidProps(problemAt(field), id(idName));
  const { host: setHost, port: setPort, username: setUsername, password: setPassword } = set;
  return (
    <div className="network-manual">
      <div className="field-stack">
        <label htmlFor={id('host')}>
          Proxy host
          <input
            id={id('host')}
            value={host}
            onChange={(e) => setHost(e.target.value)}
            spellCheck={false}
            {...fieldProps('host', 'host')}
          />
        </label>
        <FieldError id={`${id('host')}-error`} message={problemAt('host')} />
      </div>
      <div className="field-stack">
        <label htmlFor={id('port')}>
          Port
          <input
            id={id('port')}
            value={port}
            inputMode="numeric"
            onChange={(e) => setPort(e.target.value.replace(/[^0-9]/g, ''))}
            {...fieldProps('port', 'port')}
          />
        </label>
        <FieldError id={`${id('port')}-error`} message={problemAt('port')} />
      </div>
      <div className="field-stack">
        <label htmlFor={id('user')}>
          User name (optional)
          <input
            id={id('user')}
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            autoComplete="off"
            {...fieldProps('username', 'user')}
            aria-describedby={[problemAt('username') ? `${id('user')}-error` : '', id('user-hint')]
              .filter(Boolean)
              .join(' ')}
          />
          <span id={id('user-hint')} className="muted small">
            For a proxy that asks for NTLM or Basic. Empty: the proxy's Windows sign-in (Kerberos) is used.
          </span>
        </label>
        <FieldError id={`${id('user')}-error`} message={problemAt('username')} />
      </div>
      {username.trim() ? (
        <label htmlFor={id('password')}>
          Password{hasProxyPassword ? ' (saved; type to replace)' : ''}
          <input
            id={id('password')}
            type="password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoComplete="off"
          />
        </label>
      ) : null}
    </div>
  );
}
