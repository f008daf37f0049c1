// Builds `window.cardDesk` from the contract's channel names over any transport: Electron's IPC in the
// preload, HTTP in the test harness. Only the contract's channels exist on it; nothing else is exposed.
import type { CardDeskBridge } from '../src-shared/ipc/contract';
import { CHANNEL_NAMES, isEventName, type EventName } from '../src-shared/ipc/names';

export interface BridgeTransport {
  invoke(channel: string, input: unknown, options: { requestId?: string } | undefined): Promise<unknown>;
  /** Calls `listener` with each payload of `event` (never the transport's own event object). */
  subscribe(event: EventName, listener: (payload: unknown) => void): () => void;
}

function callOptions(options: unknown): { requestId?: string } | undefined {
  if (!options || typeof options !== 'object') return undefined;
  const id = (options as { requestId?: unknown }).requestId;
  return typeof id === 'string' ? { requestId: id } : undefined;
}

export function buildBridge(transport: BridgeTransport): CardDeskBridge {
  const bridge: Record<string, Record<string, unknown>> = {};
  for (const channel of CHANNEL_NAMES) {
    const [domain, method] = channel.split('.') as [string, string];
    const group = (bridge[domain] ??= {});
    group[method] = (input?: unknown, options?: unknown) => transport.invoke(channel, input, callOptions(options));
  }
  bridge.events = {
    on(name: unknown, listener: unknown): () => void {
      if (!isEventName(name)) throw new Error(`Unknown event: ${String(name)}`);
      if (typeof listener !== 'function') throw new Error('listener must be a function');
      return transport.subscribe(name, (payload) => (listener as (p: unknown) => void)(payload));
    },
  };
  for (const group of Object.values(bridge)) Object.freeze(group);
  return Object.freeze(bridge) as unknown as CardDeskBridge;
}
