// Settings → Lock, where the IT policy asks for a passcode: choose it, or change it, which takes the
// current one (main checks it, and a wrong one counts as a wrong try, as on the lock screen).
import { useState } from 'react';
import { MIN_PASSCODE_LENGTH, type LockState } from '../../../src-shared/ipc/channels/lock';
import { bridge } from '../../lib/bridge';
import { useLockStore } from '../../stores/lockStore';

export function PasscodeForm({ lock }: { lock: LockState }): React.JSX.Element {
  const refresh = useLockStore((s) => s.refresh);
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const changing = lock.passcodeSet;
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const r = await bridge().lock.setPasscode(changing ? { passcode: next, current } : { passcode: next });
      setMessage(
        r.ok
          ? { text: changing ? 'Passcode changed.' : 'Passcode chosen.', ok: true }
          : { text: r.error.message, ok: false },
      );
      setCurrent('');
      setNext('');
      await refresh();
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="passcode-form" aria-label="Passcode" onSubmit={(e) => void submit(e)} noValidate>
      {changing ? (
        <label>
          Current passcode
          <input type="password" autoComplete="off" value={current} onChange={(e) => setCurrent(e.target.value)} />
        </label>
      ) : null}
      <label>
        {changing ? 'New passcode' : 'Passcode'} (at least {MIN_PASSCODE_LENGTH} characters)
        <input type="password" autoComplete="off" value={next} onChange={(e) => setNext(e.target.value)} />
      </label>
      <button type="submit" disabled={busy || next.length === 0}>
        {changing ? 'Change passcode' : 'Choose passcode'}
      </button>
      {message ? (
        <p className={message.ok ? undefined : 'field-error'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      ) : null}
    </form>
  );
}
