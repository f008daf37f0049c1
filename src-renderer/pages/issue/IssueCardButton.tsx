// The buttons other pages place to issue a card or open an account or wallet; each opens its dialog.
import { useRef, useState } from 'react';
import { IssueCardWizard } from './IssueCardWizard';
import { Modal } from './Modal';
import { OpenAccountForm } from './OpenAccountForm';
import './issue.css';

export function IssueCardButton({ customerId }: { customerId?: string }): React.JSX.Element {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const unsaved = useRef(false);
  return (
    <>
      <button type="button" className="primary" onClick={() => setOpen(true)}>
        Issue a card
      </button>
      {open ? (
        <Modal
          title="Issue a card"
          busy={busy}
          hasUnsavedInput={() => unsaved.current}
          onClose={() => {
            unsaved.current = false;
            setOpen(false);
          }}
        >
          <IssueCardWizard customerId={customerId} onBusy={setBusy} onUnsaved={(u) => (unsaved.current = u)} />
        </Modal>
      ) : null}
    </>
  );
}

export function OpenAccountButton({ customerId }: { customerId?: string }): React.JSX.Element {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const unsaved = useRef(false);
  const title = customerId ? 'Open a wallet' : 'Open an account or wallet';
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        {title}
      </button>
      {open ? (
        <Modal
          title={title}
          busy={busy}
          hasUnsavedInput={() => unsaved.current}
          onClose={() => {
            unsaved.current = false;
            setOpen(false);
          }}
        >
          <OpenAccountForm customerId={customerId} onBusy={setBusy} onUnsaved={(u) => (unsaved.current = u)} />
        </Modal>
      ) : null}
    </>
  );
}
