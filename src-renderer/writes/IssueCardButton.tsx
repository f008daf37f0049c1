// The buttons other pages place to issue a card or open an account or wallet; each opens its dialog.
import { useRef, useState } from 'react';
import type { Card } from '../../src-shared/api/records';
import { hrefOf } from '../lib/routes';
import { panTail } from '../lib/format';
import { IssueCardWizard } from './IssueCardWizard';
import { Modal } from './Modal';
import { OpenAccountForm } from './OpenAccountForm';
import type { WriteFormProps } from './writeFormProps';
import './writes.css';

/** A button opening a dialog around a write form, which asks before throwing away what was entered. */
function WriteDialogButton({
  title,
  buttonText = title,
  primary,
  customerId,
  replacing,
  disabled,
  form: Form,
}: {
  title: string;
  /** The button's words when they differ from the dialog's title. */
  buttonText?: string;
  primary?: boolean;
  customerId?: string;
  replacing?: Card;
  disabled?: boolean;
  form: React.ComponentType<WriteFormProps>;
}): React.JSX.Element {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const unsaved = useRef(false);
  return (
    <>
      <button
        type="button"
        className={primary ? 'primary' : undefined}
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {buttonText}
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
          <Form
            customerId={customerId}
            replacing={replacing}
            onBusy={setBusy}
            onUnsaved={(u) => (unsaved.current = u)}
            onClose={() => {
              unsaved.current = false;
              setOpen(false);
            }}
          />
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

/** Replace this card (lost or stolen): the wizard opens on the replacement with the card filled in. */
export function ReplaceCardButton({ card }: { card: Card }): React.JSX.Element {
  return (
    <WriteDialogButton
      title={`Replace card ${panTail(card.maskedPan)}`}
      buttonText="Replace card (lost or stolen)"
      primary
      replacing={card}
      disabled={card.status === 'canceled'}
      form={IssueCardWizard}
    />
  );
}
