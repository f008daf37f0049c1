// Runs in the page under test: the same `window.cardDesk` the preload builds, with HTTP to the harness
// instead of Electron's IPC. The token from the page URL goes with every call.
import { buildBridge } from '../../src-preload/bridge';

const token = new URLSearchParams(window.location.search).get('token') ?? '';
const listeners = new Map<string, Set<(payload: unknown) => void>>();
let source: EventSource | null = null;

function ensureEvents(): void {
  if (source) return;
  source = new EventSource(`/__harness/events?token=${encodeURIComponent(token)}`);
  source.onmessage = (e) => {
    const { name, payload } = JSON.parse(e.data) as { name: string; payload: unknown };
    for (const l of listeners.get(name) ?? []) l(payload);
  };
}

(window as unknown as { cardDesk: unknown }).cardDesk = buildBridge({
  async invoke(channel, input, options) {
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
