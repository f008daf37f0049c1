// The preload exposes exactly the contract's channels as window.cardDesk, and nothing of Electron.
import { describe, expect, it, vi } from 'vitest';
import { CHANNEL_NAMES, EVENT_NAMES } from '../../../src-shared/ipc/names';

vi.mock('electron', async () => {
  const fake = await import('../shell/fake-electron');
  return { ...fake.electronModule, default: fake.electronModule };
});
const { recorded } = await import('../shell/fake-electron');
await import('../../../src-preload/index');

type Bridge = Record<string, Record<string, (...args: unknown[]) => unknown>>;

describe('preload bridge', () => {
  const exposed = recorded.exposed;
  const bridge = exposed.get('cardDesk') as Bridge;

  it('exposes one object, cardDesk, and nothing else', () => {
    expect([...exposed.keys()]).toEqual(['cardDesk']);
  });

  it('has exactly the contract channels grouped by domain, plus events.on', () => {
    const names = Object.entries(bridge).flatMap(([domain, group]) => Object.keys(group).map((m) => `${domain}.${m}`));
    expect(names.sort()).toEqual([...CHANNEL_NAMES, 'events.on'].sort());
    for (const group of Object.values(bridge))
      for (const fn of Object.values(group)) expect(typeof fn).toBe('function');
  });

  it('carries no ipcRenderer, process, require or generic invoke', () => {
    const text = JSON.stringify(Object.keys(bridge));
    for (const forbidden of ['ipcRenderer', 'process', 'require', 'invoke', 'send', 'on']) {
      expect(Object.keys(bridge)).not.toContain(forbidden);
    }
    expect(text).not.toContain('ipcRenderer');
  });

  it('invokes the named channel with the input and only a requestId option', async () => {
    recorded.invoked.length = 0;
    await bridge.accounts!.list!({ page: 0 }, { requestId: 'r1', signal: 'dropped', channel: 'keys.get' });
    expect(recorded.invoked).toEqual([['accounts.list', { page: 0 }, { requestId: 'r1' }]]);
  });

  it('subscribes only to contract events, passes the payload without the IPC event, and unsubscribes', () => {
    const on = bridge.events!.on as (name: string, l: (p: unknown) => void) => () => void;
    expect(() => on('keys.leak', () => {})).toThrow();
    const seen: unknown[][] = [];
    const off = on(EVENT_NAMES[0], (...args) => seen.push(args));
    const listeners = recorded.rendererListeners.get(`event:${EVENT_NAMES[0]}`)!;
    listeners[0]!({ sender: 'ipc event object', ports: [] }, { pagesDone: 1 });
    expect(seen).toEqual([[{ pagesDone: 1 }]]);
    off();
    expect(recorded.rendererListeners.get(`event:${EVENT_NAMES[0]}`)).toEqual([]);
  });

  it('is frozen so the page cannot add or replace channels', () => {
    expect(Object.isFrozen(bridge)).toBe(true);
    expect(Object.isFrozen(bridge.customers)).toBe(true);
  });
});
