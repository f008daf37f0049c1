// Sets, replaces or deletes one environment's API key. The key goes to main (which verifies it and keeps it
// in the OS keychain) and is never shown back; the field is cleared once it is saved.
import { useState } from 'react';
import type { Environment } from '../../../src-shared/ipc/channels/settings';
import type { AppError, ErrorKind } from '../../../src-shared/ipc/result';
import { bridge } from '../../lib/bridge';
import { useBridgeQuery } from '../../lib/useBridgeQuery';
import { useAppStore } from '../../stores/appStore';
import { useSettingsRefresh } from './useEnvironments';

/** The service could not be asked; saving unverified is the user's call. */
const UNVERIFIABLE: readonly ErrorKind[] = [
  'network',
  'timeout',
  'rate_limited',
  'server',
  'proxy_unreachable',
  'proxy_auth',
];

export function keyStateText(present: boolean, verified: boolean | null, rejected = false): string {
  if (!present) return 'No key saved';
  if (rejected) return 'Key rejected: the service refused this key (401). Enter a new key below.';
  return verified === false ? 'Key saved (not verified)' : 'Key saved (verified)';
}

export function ApiKeyForm({
  environment,
  active,
  onSaved,
}: {
  environment: Environment;
  active: boolean;
  /** Called once a key is saved (the card then switches to an environment the operator asked to use). */
  onSaved?: () => void;
}): React.JSX.Element {
  const envId = environment.id;
  const has = useBridgeQuery(['settings', 'keys', envId], (opts) => bridge().keys.has({ environmentId: envId }, opts));
  const refresh = useSettingsRefresh();
  const [key, setKey] = useState('');
  const [busy, setBusy] = useState<'saving' | 'deleting' | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);

  // The last call on the active environment was refused: the key saved is not (or no longer) good.
  const rejected = useAppStore((st) => active && st.status?.connection === 'unauthorized');
  const present = has.data?.data.present ?? environment.hasKey;
  const verified = has.data?.data.verified ?? environment.keyVerified;
  const inputId = `key-${envId}`;
  const errorId = `key-${envId}-error`;

  const save = async (allowUnverified: boolean) => {
    setBusy('saving');
    setError(null);
    setDone(null);
    const r = await bridge().keys.set({
      environmentId: envId,
      key,
      ...(allowUnverified ? { allowUnverified: true } : {}),
    });
    setBusy(null);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    setKey('');
    setDone(
      r.data.verified
        ? 'Key saved and verified.'
        : 'Key saved without verifying. Card Desk will check it on the first request.',
    );
    await refresh.settings();
    // The active environment's data was fetched with the old key.
    if (active) await refresh.everything();
    onSaved?.();
  };

  const remove = async () => {
    setConfirmDelete(false);
    setBusy('deleting');
    setError(null);
    setDone(null);
    const r = await bridge().keys.delete({ environmentId: envId });
    setBusy(null);
    if (!r.ok) setError(r.error);
    else setDone(r.data.deleted ? 'Key deleted.' : 'There was no key to delete.');
    await refresh.settings();
  };

  const offerUnverified = error !== null && UNVERIFIABLE.includes(error.kind) && key.trim().length > 0;
  return (
    <div className="api-key">
      <p className={`key-state${rejected ? ' key-rejected' : ''}`} data-testid={`key-state-${envId}`}>
        {has.error ? `Key state unknown: ${has.error.appError.message}` : keyStateText(present, verified, rejected)}
      </p>
      <form
        className="key-form"
        onSubmit={(e) => {
          e.preventDefault();
          void save(false);
        }}
        noValidate
      >
        <label htmlFor={inputId}>
          API key for {environment.name}
          <input
            id={inputId}
            type="password"
            value={key}
            onChange={(e) => {
              setKey(e.target.value);
              setError(null);
              setDone(null);
            }}
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error?.field === 'key' ? true : undefined}
            aria-describedby={error ? errorId : undefined}
          />
        </label>
        <button type="submit" className="primary" disabled={busy !== null || key.trim().length === 0}>
          {present ? 'Replace key' : 'Save key'}
        </button>
        {present ? (
          confirmDelete ? (
            <span className="confirm">
              <span>Delete the saved key?</span>
              <button type="button" className="danger" onClick={() => void remove()} disabled={busy !== null}>
                Yes, delete key
              </button>
              <button type="button" onClick={() => setConfirmDelete(false)}>
                Keep key
              </button>
            </span>
          ) : (
            <button type="button" onClick={() => setConfirmDelete(true)} disabled={busy !== null}>
              Delete key
            </button>
          )
        ) : null}
      </form>
      {busy === 'saving' ? (
        <p className="muted" role="status">
          Checking the key with the service…
        </p>
      ) : null}
      {error ? (
        <div id={errorId} className="error-state" role="alert">
          <p>{error.message}</p>
          {offerUnverified ? (
            <button type="button" onClick={() => void save(true)} disabled={busy !== null}>
              Save without verifying
            </button>
          ) : null}
        </div>
      ) : null}
      {done ? (
        <p role="status" className="ok-text">
          {done}
        </p>
      ) : null}
    </div>
  );
}
