// The lock screen: all the window shows while Card Desk is locked. The pages are unmounted (not covered),
// so no customer's data is in the page; it names no customer and no environment. Unlocking takes a click,
// or the operator's passcode where the IT policy asks for one (chosen here the first time); then it also
// starts locked, and says when the keychain cannot be read (it stays locked until it can).
import { useEffect, useState } from 'react';
import { MIN_PASSCODE_LENGTH, type LockState } from '../../src-shared/ipc/channels/lock';
import { bridge } from '../lib/bridge';
import { useLockStore } from '../stores/lockStore';

const WHY: Record<NonNullable<LockState['reason']>, string> = {
  start: 'Card Desk starts locked: enter your passcode to continue.',
  idle: 'Card Desk locked itself after a while without use.',
  system: 'Card Desk locked when the computer locked or went to sleep.',
  command: 'Card Desk is locked.',
};

export function LockScreen({ lock }: { lock: LockState }): React.JSX.Element {
  const refresh = useLockStore((s) => s.refresh);
  const [passcode, setPasscode] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const choosing = lock.passcodeRequired && !lock.passcodeSet;
  useEffect(() => {
    const previous = document.title;
    document.title = 'Card Desk — locked';
    return () => {
      document.title = previous;
    };
  }, []);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const r = choosing
        ? await bridge().lock.setPasscode({ passcode })
        : await bridge().lock.unlock(lock.passcodeRequired ? { passcode } : {});
      if (!r.ok) setMessage(r.error.message);
      setPasscode('');
      await refresh();
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="lock-screen" aria-labelledby="lock-title" data-testid="lock-screen">
      <form className="panel lock-panel" onSubmit={(e) => void submit(e)}>
        <h1 id="lock-title">Locked</h1>
        <p>{WHY[lock.reason ?? 'command']}</p>
        {lock.problem ? (
          <p className="notice" role="status" data-testid="lock-problem">
            {lock.problem}
          </p>
        ) : null}
        {lock.passcodeRequired ? (
          <label>
            {choosing ? `Choose a passcode (at least ${MIN_PASSCODE_LENGTH} characters)` : 'Passcode'}
            <input
              type="password"
              autoFocus
              autoComplete="off"
              value={passcode}
              minLength={choosing ? MIN_PASSCODE_LENGTH : undefined}
              maxLength={200}
              onChange={(e) => setPasscode(e.target.value)}
            />
          </label>
        ) : null}
        {message ? (
          <p className="field-error" role="alert">
            {message}
          </p>
        ) : null}
        <button type="submit" className="primary" disabled={busy} autoFocus={!lock.passcodeRequired}>
          {choosing ? 'Choose and unlock' : 'Unlock'}
        </button>
      </form>
    </main>
  );
}
