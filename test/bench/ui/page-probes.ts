// Scripts run inside the page to time what the operator sees. "Painted" is the moment after the frame that
// shows a change: a requestAnimationFrame callback runs just before the frame is drawn, and a message posted
// from it arrives once the frame is done.

/** Sets `window.__customersPainted` to the ms since navigation started when the Customers page first shows rows. */
export function watchFirstPaint(): void {
  const w = window as unknown as { __customersPainted?: number };
  const shown = () =>
    document.querySelector('main h1')?.textContent === 'Customers' &&
    document.querySelector('main [role="table"] [role="row"][data-index]') !== null;
  const observer = new MutationObserver(() => {
    if (!shown()) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => (w.__customersPainted = performance.now());
      channel.port2.postMessage(null);
    });
  });
  observer.observe(document, { subtree: true, childList: true, characterData: true });
}

export interface KeystrokeSample {
  /** The trimmed text in the box after the key. */
  text: string;
  /** From the key event to the frame that shows the results for `text`. */
  ms: number;
}

/**
 * Watches the search box of the Ctrl+K dialog: for each key typed into it, the time until its results list
 * says (`data-answered-query`) it answers the text now in the box and that frame is painted. Samples go to
 * `window.__keystrokes`.
 */
export function watchKeystrokes(): void {
  const w = window as unknown as { __keystrokes: KeystrokeSample[] };
  w.__keystrokes = [];
  let waiting: { text: string; since: number } | null = null;
  let keyAt = 0;
  const settle = () => {
    if (!waiting) return;
    const list = document.querySelector('[role="dialog"] [data-answered-query]');
    if (list?.getAttribute('data-answered-query') !== waiting.text) return;
    const done = waiting;
    waiting = null;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => w.__keystrokes.push({ text: done.text, ms: performance.now() - done.since });
      channel.port2.postMessage(null);
    });
  };
  document.addEventListener('keydown', (e) => (keyAt = e.timeStamp), true);
  document.addEventListener(
    'input',
    (e) => {
      const box = e.target as HTMLInputElement;
      if (!box.closest('[role="dialog"]')) return;
      waiting = { text: box.value.trim(), since: keyAt || performance.now() };
      keyAt = 0;
      // A key that leaves the text as it was (a trailing space) is answered already.
      queueMicrotask(settle);
    },
    true,
  );
  new MutationObserver(settle).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-answered-query'],
  });
}
