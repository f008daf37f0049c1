// Runs in the page under test: the same `window.cardDesk` the preload builds, with HTTP to the harness
// instead of Electron's IPC. The token from the page URL goes with every call.
import { buildBridge } from '../../src-preload/bridge';

const token = new URLSearchParams(window.location.search).get('token') ?? '';
const listeners = new Map<string, Set<(payload: unknown) => void>>();
let source: EventSource | null = null;
/**
 * Settles once the event stream is open. Electron's ipcRenderer.on hears from the moment it is called; the
 * stream here is an HTTP request that opens a little later. A call made after a subscription waits for it,
 * so what main emits after that call's answer (a page's first read, then a change) is never missed.
 */
let streamOpen: Promise<void> | null = null;

function ensureEvents(): void {
  if (source) return;
  const stream = new EventSource(`/__harness/events?token=${encodeURIComponent(token)}`);
  source = stream;
  streamOpen = new Promise<void>((resolve) => {
    stream.onopen = () => resolve();
    // A stream that cannot open holds no call back: the call then answers as it would have.
    stream.onerror = () => resolve();
  });
  stream.onmessage = (e) => {
    const { name, payload } = JSON.parse(e.data) as { name: string; payload: unknown };
    for (const l of listeners.get(name) ?? []) l(payload);
  };
}

(window as unknown as { cardDesk: unknown }).cardDesk = buildBridge({
  async invoke(channel, input, options) {
    if (streamOpen) await streamOpen;
    const res = await fetch('/__harness/invoke', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Harness-Token': token },
      body: JSON.stringify({
        channel,
        input: input === undefined ? null : input,
        inputIsUndefined: input === undefined,
        options,
      }),
    });
    return res.json();
  },
  subscribe(event, listener) {
    ensureEvents();
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  },
});
