// One environment: its address, whether it is active, switch/edit/delete, and its API key.
import { useState } from 'react';
import type { Environment } from '../../../src-shared/ipc/channels/settings';
import type { AppError } from '../../../src-shared/ipc/result';
import { EnvironmentBadge } from '../../components/environment/EnvironmentBadge';
import { ErrorState } from '../../components/states/States';
import { bridge } from '../../lib/bridge';
import { focusCurrentHeading } from '../../lib/focusHeading';
import { useAppStore } from '../../stores/appStore';
import { ApiKeyForm } from './ApiKeyForm';
import { EnvironmentForm } from './EnvironmentForm';
import { NetworkSection } from './NetworkSection';
import { SET_BY_ORGANISATION } from './usePolicy';
import { useSettingsRefresh } from './useEnvironments';

export function EnvironmentCard({
  environment: env,
  active,
}: {
  environment: Environment;
  active: boolean;
}): React.JSX.Element {
  const refresh = useSettingsRefresh();
  const refreshStatus = useAppStore((s) => s.refreshStatus);
  const [editing, setEditing] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  /** The operator asked to use an environment that has no key yet: its key is asked for first. */
  const [keyFirst, setKeyFirst] = useState(false);
  const headingId = `env-title-${env.id}`;
  const keyInputId = `key-${env.id}`;

  const askForKey = () => {
    setKeyFirst(true);
    // After the prompt renders: the operator types the key straight away.
    window.requestAnimationFrame(() => document.getElementById(keyInputId)?.focus());
  };

  const activate = async () => {
    if (!env.builtIn && !env.hasKey) {
      askForKey();
      return;
    }
    setKeyFirst(false);
    setBusy(true);
    setError(null);
    const r = await bridge().environments.activate({ id: env.id });
    setBusy(false);
    await afterActivate(r);
  };

  async function afterActivate(r: Awaited<ReturnType<ReturnType<typeof bridge>['environments']['activate']>>) {
    setKeyFirst(false);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    useAppStore.setState({ status: r.data, statusError: null });
    await refresh.everything();
  }

  const remove = async () => {
    setConfirmDelete(false);
    setBusy(true);
    setError(null);
    const r = await bridge().environments.delete({ id: env.id });
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    await refreshStatus();
    await (active ? refresh.everything() : refresh.settings());
    // The card is gone with its buttons: focus goes to the list's heading.
    focusCurrentHeading('#environments-title');
  };

  return (
    <section className={`panel environment${active ? ' environment-active' : ''}`} aria-labelledby={headingId}>
      <header className="environment-head">
        <div>
          <h3 id={headingId}>{env.name}</h3>
          <p className="mono muted small">{env.baseUrl}</p>
          <p className="badges">
            {active ? <span className="badge badge-active">Active</span> : null}
            <EnvironmentBadge environment={env} />
            {env.managed ? <span className="badge badge-managed">{SET_BY_ORGANISATION}</span> : null}
          </p>
        </div>
        <div className="environment-actions">
          {active ? null : (
            <button type="button" className="primary" onClick={() => void activate()} disabled={busy}>
              Use this environment
            </button>
          )}
          {env.builtIn || env.managed ? null : (
            <>
              <button type="button" onClick={() => setEditing((e) => !e)} aria-expanded={editing}>
                Edit
              </button>
              {confirmDelete ? (
                <span className="confirm">
                  <span>Delete {env.name}, its key and its cached customers?</span>
                  <button type="button" className="danger" onClick={() => void remove()} disabled={busy}>
                    Yes, delete environment
                  </button>
                  <button type="button" onClick={() => setConfirmDelete(false)}>
                    Keep it
                  </button>
                </span>
              ) : (
                <button type="button" onClick={() => setConfirmDelete(true)} disabled={busy}>
                  Delete environment
                </button>
              )}
            </>
          )}
        </div>
      </header>
      {error ? <ErrorState error={error} /> : null}
      {editing ? <EnvironmentForm existing={env} onDone={() => setEditing(false)} /> : null}
      {env.builtIn ? (
        <p className="muted small">
          Card Desk starts this sandbox on your computer with generated test data and a key of its own. It cannot be
          deleted and takes no API key.
        </p>
      ) : (
        <>
          {keyFirst && !env.hasKey ? (
            <p className="key-first" role="alert" data-testid={`key-first-${env.id}`}>
              <strong>{env.name} has no API key yet.</strong> Enter its key below; Card Desk switches to {env.name} once
              the key is saved.
            </p>
          ) : null}
          <ApiKeyForm
            environment={env}
            active={active}
            onSaved={
              keyFirst ? () => void bridge().environments.activate({ id: env.id }).then(afterActivate) : undefined
            }
          />
          <NetworkSection environment={env} />
        </>
      )}
    </section>
  );
}
