// When Card Desk locks itself: minutes without input (the IT policy may fix them), and how to lock now.
import { useState } from 'react';
import { lockChannels } from '../../../src-shared/ipc/channels/lock';
import { FieldError } from '../../components/fields/FieldError';
import { fieldProblems } from '../../components/fields/fieldProblems';
import { bridge } from '../../lib/bridge';
import { useLockStore } from '../../stores/lockStore';

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
      <PasscodeChoice />
    </section>
  );
}

/**
 * A passcode to unlock: the IT policy may ask for one (it is chosen on the lock screen and stays); where it
 * does not, the operator may choose one here, and stop asking for it with that passcode.
 */
function PasscodeChoice(): React.JSX.Element | null {
  const lock = useLockStore((s) => s.lock);
  const refresh = useLockStore((s) => s.refresh);
  const [passcode, setPasscode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!lock) return null;
  const removing = lock.passcodeSet && !lock.passcodeByPolicy;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    setDone(null);
    if (!removing) {
      const local = fieldProblems(lockChannels['lock.setPasscode'].input, { passcode }).passcode;
      if (local) return setProblem(local);
    }
    setBusy(true);
    const r = removing
      ? await bridge().lock.removePasscode({ passcode })
      : await bridge().lock.setPasscode({ passcode });
    setBusy(false);
    setPasscode('');
    if (!r.ok) return setProblem(r.error.message);
    setDone(removing ? 'Card Desk now unlocks with a click.' : 'Card Desk now asks for this passcode to unlock.');
    await refresh();
  };
  if (lock.passcodeByPolicy)
    return (
      <p className="muted" data-testid="passcode-policy">
        Your IT policy asks for a passcode to unlock{lock.passcodeSet ? '' : ': it is chosen on the lock screen'}.
      </p>
    );
  return (
    <form className="passcode-choice" onSubmit={(e) => void submit(e)} aria-label="Unlock passcode">
      <p>
        {removing
          ? 'Unlocking asks for your passcode. To unlock with a click again, enter it here.'
          : 'Unlocking takes a click. Choose a passcode to have Card Desk ask for it instead.'}
      </p>
      <label>
        {removing ? 'Current passcode' : 'New passcode (at least 4 characters)'}
        <input
          type="password"
          autoComplete={removing ? 'current-password' : 'new-password'}
          value={passcode}
          maxLength={200}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? 'passcode-problem' : undefined}
          onChange={(e) => setPasscode(e.target.value)}
        />
      </label>
      <FieldError id="passcode-problem" message={problem} />
      <button type="submit" disabled={busy || passcode === ''}>
        {removing ? 'Stop asking for a passcode' : 'Ask for this passcode to unlock'}
      </button>
      {done ? <p role="status">{done}</p> : null}
    </form>
  );
}
