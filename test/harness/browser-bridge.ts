// Runs in the page under test: the same `window.cardDesk` the preload builds, over one WebSocket to the harness
// instead of Electron's IPC. As on Electron's IPC, calls' answers and main's events travel on one ordered
// channel, so an event main emitted before answering a call reaches the page before that answer. The token
// from the page URL opens the socket.
import { buildBridge } from '../../src-preload/bridge';

type Incoming = { id: number; result: unknown } | { event: string; payload: unknown };

const token = new URLSearchParams(window.location.search).get('token') ?? '';
const socket = new WebSocket(`/__harness/socket?token=${encodeURIComponent(token)}`);
/** Settles once the socket is open, or closed without opening. */
const ready = new Promise<void>((resolve) => {
  socket.addEventListener('open', () => resolve(), { once: true });
  socket.addEventListener('close', () => resolve(), { once: true });
});
const pending = new Map<number, { resolve: (result: unknown) => void; reject: (e: Error) => void }>();
const listeners = new Map<string, Set<(payload: unknown) => void>>();
let nextId = 1;
let closed = false;

socket.addEventListener('message', (e) => {
  const message = JSON.parse(e.data as string) as Incoming;
  if ('id' in message) {
    pending.get(message.id)?.resolve(message.result);
    pending.delete(message.id);
    return;
  }
  for (const l of listeners.get(message.event) ?? []) l(message.payload);
});
// A harness that stops (or refuses the socket) fails every call waiting and every call after, as a fetch to a
// stopped server would.
socket.addEventListener('close', () => {
  closed = true;
  for (const call of pending.values()) call.reject(new Error('The harness closed the connection.'));
  pending.clear();
});

(window as unknown as { cardDesk: unknown }).cardDesk = buildBridge({
  async invoke(channel, input, options) {
    await ready;
    if (closed) throw new Error('The harness closed the connection.');
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      socket.send(
        JSON.stringify({
          id,
          channel,
          input: input === undefined ? null : input,
          inputIsUndefined: input === undefined,
          options,
        }),
      );
    });
  },
  subscribe(event, listener) {
    let set = listeners.get(event);
    if (!set) listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  },
});
