// A write's send button, the same in the card wizard's review and the account form: it waits while the write
// is being sent and while writes cannot be sent now (the team database cannot be asked), and says why then.
export function SendButton({
  sending,
  writesRefused,
  text,
}: {
  sending: boolean;
  /** "This cannot be sent now" and why, or null. */
  writesRefused: string | null;
  text: string;
}): React.JSX.Element {
  return (
    <button
      type="submit"
      className="primary"
      disabled={sending || writesRefused !== null}
      title={writesRefused ?? undefined}
      aria-busy={sending}
    >
      {sending ? 'Sending…' : text}
    </button>
  );
}
