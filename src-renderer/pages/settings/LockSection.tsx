// When Card Desk locks itself: minutes without input (the IT policy may fix them), and how to lock now.
import { useState } from 'react';
import { bridge } from '../../lib/bridge';
import { useLockStore } from '../../stores/lockStore';
import { PasscodeForm } from './PasscodeForm';

const CHOICES = [5, 10, 15, 30, 60];

export function LockSection(): React.JSX.Element | null {
  const lock = useLockStore((s) => s.lock);
  const refresh = useLockStore((s) => s.refresh);
  const [message, setMessage] = useState<string | null>(null);
  if (!lock) return null;
  const choices = CHOICES.includes(lock.idleMinutes) ? CHOICES : [...CHOICES, lock.idleMinutes].sort((a, b) => a - b);
  const choose = async (minutes: number) => {
    const r = await bridge().lock.setIdleMinutes({ minutes });
    setMessage(r.ok ? `Card Desk now locks after ${minutes} minutes without use.` : r.error.message);
    await refresh();
  };
  return (
    <section className="panel" aria-labelledby="lock-settings-title">
      <h2 id="lock-settings-title">Lock</h2>
      <p className="muted">
        Card Desk locks itself when the computer locks or sleeps, and after a while without use; Ctrl+L or the Lock
        button in the status bar lock it at once. Locked, it shows no customer until it is unlocked
        {lock.passcodeRequired ? ' with your passcode' : ''}.
      </p>
      <label>
        Lock after
        <select
          value={lock.idleMinutes}
          disabled={lock.idleMinutesFixed}
          onChange={(e) => void choose(Number(e.target.value))}
        >
          {choices.map((m) => (
            <option key={m} value={m}>
              {m} minutes without use
            </option>
          ))}
        </select>
      </label>
      {lock.idleMinutesFixed ? <p className="muted">Set by your IT policy.</p> : null}
      {message ? <p role="status">{message}</p> : null}
      {lock.passcodeRequired ? null : (
        <p className="muted" data-testid="passcode-by-choice">
          Unlocking takes a click. Choose a passcode to have Card Desk ask for it instead.
        </p>
      )}
      {/* The policy's passcode, or one the operator chooses where the policy asks for none. */}
      <PasscodeForm lock={lock} />
      {lock.passcodeSet && !lock.passcodeByPolicy ? <RemovePasscode /> : null}
    </section>
  );
}

/** Stops asking for a passcode the operator chose (never the policy's): it takes that passcode. */
function RemovePasscode(): React.JSX.Element {
  const refresh = useLockStore((s) => s.refresh);
  const [passcode, setPasscode] = useState('');
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const r = await bridge().lock.removePasscode({ passcode });
      setMessage(
        r.ok ? { text: 'Card Desk now unlocks with a click.', ok: true } : { text: r.error.message, ok: false },
      );
      setPasscode('');
      await refresh();
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="passcode-form" aria-label="Stop asking for a passcode" onSubmit={(e) => void submit(e)} noValidate>
      <label>
        Your passcode
        <input type="password" autoComplete="off" value={passcode} onChange={(e) => setPasscode(e.target.value)} />
      </label>
      <button type="submit" disabled={busy || passcode.length === 0}>
        Unlock with a click instead
      </button>
      {message ? (
        <p className={message.ok ? undefined : 'field-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
