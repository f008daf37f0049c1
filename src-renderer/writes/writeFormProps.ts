import type { Card } from '../../src-shared/api/records';

// What a dialog that sends a write (issuing a card, opening an account or wallet) is given by its button.

export interface WriteFormProps {
  /** The customer the write is for, when opened from that customer's page. */
  customerId?: string;
  /** The card to replace, when opened from that card's page: the wizard starts on its details. */
  replacing?: Card;
  /** What the dialog held when Card Desk locked (stores/draftStore.ts): it starts again from there. */
  restored?: unknown;
  /** Told while the write is being sent, so the dialog is not closed under it. */
  onBusy: (busy: boolean) => void;
  /** Told whether closing now would throw away what was entered. */
  onUnsaved?: (unsaved: boolean) => void;
  /** Closes the dialog without asking (after the write was sent for approval, its link opens Approvals). */
  onClose?: () => void;
}
