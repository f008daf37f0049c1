// What a dialog that sends a write (issuing a card, opening an account or wallet) is given by its button.

export interface WriteFormProps {
  /** The customer the write is for, when opened from that customer's page. */
  customerId?: string;
  /** Told while the write is being sent, so the dialog is not closed under it. */
  onBusy: (busy: boolean) => void;
  /** Told whether closing now would throw away what was entered. */
  onUnsaved?: (unsaved: boolean) => void;
}
