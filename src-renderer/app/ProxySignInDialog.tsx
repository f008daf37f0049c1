// "Sign in to the proxy": a proxy this computer's settings chose (PAC, WPAD, system settings) asked for a user
// name and password Card Desk does not have. Main asks once per proxy (event network.proxySignInAsked; a
// window opened later finds the ask with network.proxySignIns); the answer goes to main, which keeps it in
// the system keychain for that proxy only. The password leaves this window's state once it is sent.
import { useEffect, useState } from 'react';
import type { ProxySignInAsk } from '../../src-shared/ipc/channels/network';
import type { AppError } from '../../src-shared/ipc/result';
import { bridge } from '../lib/bridge';
import { Field } from '../writes/Field';
import { Modal } from '../writes/Modal';
import '../writes/writes.css';

const SCHEME = { ntlm: 'NTLM', basic: 'Basic' } as const;

export function ProxySignInDialog(): React.JSX.Element | null {
  const [asks, setAsks] = useState<ProxySignInAsk[]>([]);
  useEffect(() => {
    let live = true;
    void bridge()
      .network.proxySignIns()
      .then((r) => {
        if (live && r.ok) setAsks(r.data);
      });
    const off = bridge().events.on('network.proxySignInAsked', (ask) =>
      setAsks((now) => (now.some((a) => a.proxy === ask.proxy) ? now : [...now, ask])),
    );
    return () => {
      live = false;
      off();
    };
  }, []);
  const ask = asks[0];
  if (!ask) return null;
  // One form per ask: what was typed for one proxy never shows for the next.
  return <SignInForm key={ask.proxy} ask={ask} onAnswered={setAsks} />;
}

function SignInForm({
  ask,
  onAnswered,
}: {
  ask: ProxySignInAsk;
  onAnswered: (left: ProxySignInAsk[]) => void;
}): React.JSX.Element {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);

  const answer = async (signIn: { username: string; password: string } | null) => {
    setBusy(true);
    setError(null);
    const r = await bridge().network.answerProxySignIn({ proxy: ask.proxy, answer: signIn });
    setBusy(false);
    setPassword('');
    if (r.ok) onAnswered(r.data);
    else setError(r.error);
  };
  const fieldError = (field: string) => error?.fields?.[`answer.${field}`] ?? error?.fields?.[field] ?? null;

  return (
    <Modal title={`Sign in to the proxy ${ask.proxy}`} busy={busy} onClose={() => void answer(null)}>
      <form
        className="proxy-sign-in"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void answer({ username: username.trim(), password });
        }}
      >
        <p>
          This computer's proxy settings send Card Desk through the proxy <strong>{ask.proxy}</strong>
          {ask.realm ? ` (“${ask.realm}”)` : ''}, which asks for a user name and password ({SCHEME[ask.scheme]}). Card
          Desk keeps them in the system keychain for this proxy only and sends them to no one else.
        </p>
        {ask.refused ? (
          <p className="error-text" role="alert">
            The proxy refused the user name and password kept for it. Enter them again.
          </p>
        ) : null}
        <Field
          label={`User name${ask.scheme === 'ntlm' ? ' (DOMAIN\\name for a Windows account)' : ''}`}
          error={fieldError('username') ?? undefined}
        >
          {(ids) => (
            <input
              {...ids}
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          )}
        </Field>
        <Field label="Password" error={fieldError('password') ?? undefined}>
          {(ids) => (
            <input
              {...ids}
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              autoComplete="off"
            />
          )}
        </Field>
        {error && !error.fields ? (
          <p className="error-text" role="alert">
            {error.message}
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="primary" disabled={busy}>
            Sign in
          </button>
          <button type="button" onClick={() => void answer(null)} disabled={busy}>
            Not now
          </button>
        </div>
      </form>
    </Modal>
  );
}
