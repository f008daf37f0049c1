// A write dialog that was open when Card Desk locked, opened again as it was once unlocked (stores/draftStore.ts).
// The draft is taken from the store as the dialog opens: locking again keeps what it holds then.
import { useRef, useState } from 'react';
import type { Card } from '../../src-shared/api/records';
import { useDraftStore, type KeptDraft } from '../stores/draftStore';
import { IssueCardWizard } from './IssueCardWizard';
import { OpenAccountForm } from './OpenAccountForm';
import { Modal } from './Modal';
import './writes.css';

export function RestoredWrite(): React.JSX.Element | null {
  const kept = useDraftStore((s) => s.draft);
  const clear = useDraftStore((s) => s.clear);
  const [open, setOpen] = useState<KeptDraft | null>(null);
  if (kept && kept !== open) {
    // Taken once: the store is emptied and the dialog holds the draft from here on.
    setOpen(kept);
    clear();
  }
  return open ? <RestoredDialog draft={open} onClose={() => setOpen(null)} /> : null;
}

function RestoredDialog({ draft, onClose }: { draft: KeptDraft; onClose: () => void }): React.JSX.Element {
  const [busy, setBusy] = useState(false);
  const unsaved = useRef(true);
  const props = draft.props as { customerId?: string; replacing?: Card };
  return (
    <Modal title={draft.title} busy={busy} hasUnsavedInput={() => unsaved.current} onClose={onClose}>
      {draft.kind === 'open-account' ? (
        <OpenAccountForm
          customerId={props.customerId}
          restored={draft.state}
          onBusy={setBusy}
          onUnsaved={(u) => (unsaved.current = u)}
          onClose={onClose}
        />
      ) : (
        <IssueCardWizard
          customerId={props.customerId}
          replacing={props.replacing}
          restored={draft.state}
          onBusy={setBusy}
          onUnsaved={(u) => (unsaved.current = u)}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}
