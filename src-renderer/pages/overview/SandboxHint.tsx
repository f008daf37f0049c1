// The first time Card Desk opens on its built-in local sandbox, say what that is and how to connect a
// real environment. Dismissed once, it stays dismissed on this computer.
import { useState } from 'react';
import { focusCurrentHeading } from '../../lib/focusHeading';
import { hrefOf } from '../../lib/routes';
import { useAppStore } from '../../stores/appStore';

const DISMISSED = 'card-desk.sandbox-hint.dismissed';

function wasDismissed(): boolean {
  try {
    return window.localStorage.getItem(DISMISSED) === 'yes';
  } catch {
    return false;
  }
}

export function SandboxHint(): React.JSX.Element | null {
  const builtIn = useAppStore((s) => s.status?.environment.builtIn ?? false);
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (!builtIn || dismissed) return null;
  const dismiss = () => {
    try {
      window.localStorage.setItem(DISMISSED, 'yes');
    } catch {
      // Shown again next time; nothing else depends on it.
    }
    setDismissed(true);
    // The panel and its button go: focus goes to the page's heading, not to nowhere.
    window.requestAnimationFrame(() => focusCurrentHeading());
  };
  return (
    <section className="panel sandbox-hint" aria-labelledby="sandbox-hint-title">
      <h2 id="sandbox-hint-title">You are in the local sandbox</h2>
      <p>
        Card Desk started a practice service on this computer, with made-up customers, accounts, cards and
        authorizations. Everything you do here stays on this computer: try searching, issuing a card or exporting
        without touching real money.
      </p>
      <p>
        To work with a real environment, add its address and API key in Settings and make it the active environment.
      </p>
      <div className="form-actions">
        <a className="button primary" href={hrefOf('settings')}>
          Connect a real environment
        </a>
        <button type="button" onClick={dismiss}>
          Got it
        </button>
      </div>
    </section>
  );
}
