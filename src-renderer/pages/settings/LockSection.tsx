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
      {lock.passcodeRequired ? <PasscodeForm lock={lock} /> : null}
    </section>
  );
}
