// One environment's network: how it finds its proxy (System, None, Manual with an optional sign-in whose
// password goes to the keychain; for System and Manual the Kerberos service principal where the proxy is
// known to the domain by another name) and the extra CA certificates it trusts (a PEM file chosen here, copied
// by main into the data folder, shown with subject, issuer, expiry and SHA-256 fingerprint). An
// environment set by the organisation shows both, read-only.
import { useId, useState } from 'react';
import type { EnvironmentNetwork, ProxySetting } from '../../../src-shared/ipc/channels/network';
import { MAX_CA_PEM_CHARS, proxySettingSchema } from '../../../src-shared/ipc/channels/network';
import type { Environment } from '../../../src-shared/ipc/channels/settings';
import type { AppError } from '../../../src-shared/ipc/result';
import { ErrorState } from '../../components/states/States';
import { FieldError } from '../../components/fields/FieldError';
import { fieldProblems } from '../../components/fields/fieldProblems';
import { bridge } from '../../lib/bridge';
import { useBridgeQuery } from '../../lib/useBridgeQuery';
import { useSettingsRefresh } from './useEnvironments';
import { formatDate } from '../../lib/format';
import { ProxyManualFields, invalidProps, type ProxyField } from './ProxyManualFields';

type Mode = ProxySetting['mode'];

export function proxyText(proxy: ProxySetting): string {
  if (proxy.mode === 'none') return 'None (always direct)';
  const spn = proxy.servicePrincipal ? `; Kerberos service principal ${proxy.servicePrincipal}` : '';
  if (proxy.mode === 'system') return `System (the operating system's proxy settings)${spn}`;
  return `Manual: ${proxy.host}:${proxy.port}${proxy.username ? `, signed in as ${proxy.username}` : ''}${spn}`;
}

function Certificates({ network }: { network: EnvironmentNetwork }): React.JSX.Element {
  if (network.extraCa.length === 0) return <p className="muted small">No extra CA certificates.</p>;
  return (
    <ul className="certificates">
      {network.extraCa.map((c) => (
        <li key={c.fingerprint256}>
          <strong>{c.subject}</strong>
          <span className="small">
            Issued by {c.issuer}; expires {formatDate(c.validTo)}
          </span>
          <span className="mono small">SHA-256 {c.fingerprint256}</span>
        </li>
      ))}
    </ul>
  );
}

/** The proxy setting the form's fields make (checked by the shared rule before it is sent). */
function proxyFromForm(
  mode: Mode,
  { host, port, username, principal }: { host: string; port: string; username: string; principal: string },
): ProxySetting {
  const spn = principal.trim() ? { servicePrincipal: principal.trim() } : {};
  if (mode === 'system') return { mode, ...spn };
  if (mode === 'none') return { mode };
  return {
    mode,
    host: host.trim(),
    port: port === '' ? (undefined as unknown as number) : Number(port),
    ...(username.trim() ? { username: username.trim() } : {}),
    ...spn,
  };
}

const MODES = [
  ['system', 'System (default)'],
  ['none', 'None'],
  ['manual', 'Manual'],
] as const;

/** How the environment finds its proxy: System, None or Manual. */
function ProxyModeChoice({
  name,
  environment,
  mode,
  onMode,
}: {
  name: string;
  environment: string;
  mode: Mode;
  onMode: (mode: Mode) => void;
}): React.JSX.Element {
  return (
    <fieldset>
      <legend>Proxy for {environment}</legend>
      {MODES.map(([value, label]) => (
        <label key={value} className="inline">
          <input type="radio" name={name} value={value} checked={mode === value} onChange={() => onMode(value)} />
          {label}
        </label>
      ))}
    </fieldset>
  );
}

/** The extra CA certificates trusted, a PEM file to add, and removing them. */
function ExtraCaChoice({
  network,
  inputId,
  busy,
  onChoose,
  onRemove,
}: {
  network: EnvironmentNetwork;
  inputId: string;
  busy: boolean;
  onChoose: (file: File | undefined) => void;
  onRemove: () => void;
}): React.JSX.Element {
  return (
    <div className="network-ca">
      <p className="small">Extra CA certificates (for a company that inspects secure connections):</p>
      <Certificates network={network} />
      <label htmlFor={inputId} className="file-choice">
        Choose a PEM file…
        <input
          id={inputId}
          type="file"
          accept=".pem,.crt,.cer,application/x-pem-file"
          disabled={busy}
          onChange={(e) => onChoose(e.target.files?.[0])}
        />
      </label>
      {network.extraCa.length > 0 ? (
        <button type="button" onClick={onRemove} disabled={busy}>
          Remove extra certificates
        </button>
      ) : null}
    </div>
  );
}

export function NetworkSection({ environment }: { environment: Environment }): React.JSX.Element {
  const envId = environment.id;
  const query = useBridgeQuery(['settings', 'network', envId], (opts) =>
    bridge().network.get({ environmentId: envId }, opts),
  );
  const network = query.data?.data;
  const headingId = useId();
  return (
    <section className="network" aria-labelledby={headingId}>
      <h4 id={headingId}>Network</h4>
      {query.error ? (
        <ErrorState error={query.error.appError} onRetry={() => void query.refetch()} />
      ) : !network ? (
        <p className="muted small">Loading…</p>
      ) : network.managed ? (
        <>
          <p className="small">Proxy: {proxyText(network.proxy)}</p>
          <Certificates network={network} />
          <p className="muted small">Set by your organisation: ask your IT team to change it.</p>
        </>
      ) : (
        <NetworkForm environment={environment} network={network} />
      )}
      {network?.extraCaProblem ? (
        <p className="error-text" role="alert">
          {network.extraCaProblem}
        </p>
      ) : null}
    </section>
  );
}

function NetworkForm({ environment, network }: { environment: Environment; network: EnvironmentNetwork }) {
  const envId = environment.id;
  const refresh = useSettingsRefresh();
  const manual = network.proxy.mode === 'manual' ? network.proxy : null;
  const [mode, setMode] = useState<Mode>(network.proxy.mode);
  const [host, setHost] = useState(manual?.host ?? '');
  const [port, setPort] = useState(manual ? String(manual.port) : '');
  const [username, setUsername] = useState(manual?.username ?? '');
  const [principal, setPrincipal] = useState(
    network.proxy.mode === 'none' ? '' : (network.proxy.servicePrincipal ?? ''),
  );
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const id = (field: string) => `network-${envId}-${field}`;
  /** A proxy field's problem, from the form's own check or from main's (`proxy.host`). */
  const problemAt = (field: ProxyField): string | undefined => {
    if (!error || error.kind !== 'validation') return undefined;
    const fields = error.fields ?? {};
    return fields[field] ?? fields[`proxy.${field}`] ?? (error.field === `proxy.${field}` ? error.message : undefined);
  };
  const atAField = error?.kind === 'validation' && error.field?.startsWith('proxy.');
  const fieldProps = (field: ProxyField, idName: string) => invalidProps(problemAt(field), id(idName));

  const finish = async (r: Awaited<ReturnType<ReturnType<typeof bridge>['network']['get']>>, text: string) => {
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setPassword('');
    setDone(text);
    await refresh.settings();
  };

  const saveProxy = async () => {
    setError(null);
    setDone(null);
    const proxy = proxyFromForm(mode, { host, port, username, principal });
    // The shared rule first, so a problem shows at its field before anything is sent.
    const problems = fieldProblems(proxySettingSchema, proxy);
    const first = Object.keys(problems)[0];
    if (first) {
      setError({ kind: 'validation', field: `proxy.${first}`, message: problems[first]!, fields: problems });
      document.getElementById(id(first === 'username' ? 'user' : first))?.focus();
      return;
    }
    setBusy(true);
    const r = await bridge().network.setProxy({
      environmentId: envId,
      proxy,
      ...(mode === 'manual' && password ? { password } : {}),
    });
    await finish(r, 'Proxy saved. The next request uses it.');
  };

  const chooseCa = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setDone(null);
    if (file.size > MAX_CA_PEM_CHARS) {
      setError({ kind: 'validation', field: 'pem', message: 'The certificate file must be smaller than 1 MB.' });
      return;
    }
    setBusy(true);
    const r = await bridge().network.setExtraCa({ environmentId: envId, pem: await file.text() });
    await finish(r, `Certificates from ${file.name} added.`);
  };

  const removeCa = async () => {
    setBusy(true);
    setError(null);
    setDone(null);
    const r = await bridge().network.setExtraCa({ environmentId: envId, pem: null });
    await finish(r, 'Extra CA certificates removed.');
  };

  return (
    <>
      <form
        className="network-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void saveProxy();
        }}
      >
        <ProxyModeChoice name={id('mode')} environment={environment.name} mode={mode} onMode={setMode} />
        {mode === 'manual' ? (
          <ProxyManualFields
            id={id}
            values={{ host, port, username, password }}
            set={{ host: setHost, port: setPort, username: setUsername, password: setPassword }}
            hasProxyPassword={network.hasProxyPassword}
            problemAt={problemAt}
          />
        ) : null}
        {mode !== 'none' ? (
          <label htmlFor={id('spn')}>
            Kerberos service principal (optional)
            <input
              id={id('spn')}
              value={principal}
              onChange={(e) => setPrincipal(e.target.value)}
              spellCheck={false}
              autoComplete="off"
              {...fieldProps('servicePrincipal', 'spn')}
              aria-describedby={[problemAt('servicePrincipal') ? `${id('spn')}-error` : '', id('spn-hint')]
                .filter(Boolean)
                .join(' ')}
            />
            <span id={id('spn-hint')} className="muted small">
              Only where your IT team names one, such as HTTP/proxy.example.com: the proxy is then known to the domain
              by that name.
            </span>
            <FieldError id={`${id('spn')}-error`} message={problemAt('servicePrincipal')} />
          </label>
        ) : null}
        <button type="submit" disabled={busy}>
          Save proxy
        </button>
      </form>
      <ExtraCaChoice
        network={network}
        inputId={id('ca')}
        busy={busy}
        onChoose={(file) => void chooseCa(file)}
        onRemove={() => void removeCa()}
      />
      {/* A problem of a proxy field shows at that field; others (the certificates, the service) here. */}
      {error && !atAField ? <ErrorState error={error} /> : null}
      {done ? (
        <p role="status" className="ok-text">
          {done}
        </p>
      ) : null}
    </>
  );
}
