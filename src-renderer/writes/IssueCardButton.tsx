// The buttons other pages place to issue a card or open an account or wallet; each opens its dialog.
import { useRef, useState } from 'react';
import { hrefOf } from '../lib/routes';
import { IssueCardWizard } from './IssueCardWizard';
import { Modal } from './Modal';
import { OpenAccountForm } from './OpenAccountForm';
import type { WriteFormProps } from './writeFormProps';
import './writes.css';

/** A button opening a dialog around a write form, which asks before throwing away what was entered. */
function WriteDialogButton({
  title,
  primary,
  customerId,
  form: Form,
}: {
  title: string;
  primary?: boolean;
  customerId?: string;
  form: React.ComponentType<WriteFormProps>;
}): React.JSX.Element {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const unsaved = useRef(false);
  return (
    <>
      <button type="button" className={primary ? 'primary' : undefined} onClick={() => setOpen(true)}>
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
          <Form customerId={customerId} onBusy={setBusy} onUnsaved={(u) => (unsaved.current = u)} />
        </Modal>
      ) : null}
    </>
  );
}

/** Issue a card; where no customer is chosen yet, beside it the way to issue many from a file. */
export function IssueCardButton({ customerId }: { customerId?: string }): React.JSX.Element {
  const button = <WriteDialogButton title="Issue a card" primary customerId={customerId} form={IssueCardWizard} />;
  if (customerId) return button;
  return (
    <span className="issue-actions">
      {button}
      <a className="button" href={hrefOf('bulk-issue')}>
        Issue from a file
      </a>
    </span>
  );
}

export function OpenAccountButton({ customerId }: { customerId?: string }): React.JSX.Element {
  return (
    <WriteDialogButton
      title={customerId ? 'Open a wallet' : 'Open an account or wallet'}
      customerId={customerId}
      form={OpenAccountForm}
    />
  );
}
