// Why an authorization was declined, as the list row, the drawer's summary and the CSV all say it: the
// reason of the last declined request in its history (the service records one per request).

interface WithHistory {
  approved?: boolean;
  requestHistory?: readonly { approved?: boolean; reason?: string }[];
}

/** The service's reason code of the decline (`suspected_fraud`), or undefined when approved or not said. */
export function declineReasonCode(a: WithHistory): string | undefined {
  if (a.approved === true) return undefined;
  const history = a.requestHistory ?? [];
  for (let i = history.length - 1; i >= 0; i--) {
    const h = history[i]!;
    if (h.approved !== true && h.reason) return h.reason;
  }
  return undefined;
}

/** A reason code in words: `suspected_fraud` → `Suspected fraud`. */
export function reasonInWords(code: string): string {
  const text = code.replace(/[_-]+/g, ' ').trim();
  return text ? text[0]!.toUpperCase() + text.slice(1) : code;
}

/** The decline reason in words, or undefined. */
export function declineReason(a: WithHistory): string | undefined {
  const code = declineReasonCode(a);
  return code ? reasonInWords(code) : undefined;
}
