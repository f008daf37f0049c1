// The preload: exposes only the contract's channels as `window.cardDesk`. No ipcRenderer, no process,
// no generic invoke reaches the page.
import { contextBridge, ipcRenderer } from 'electron';
import { EVENT_CHANNEL_PREFIX } from '../src-shared/ipc/names';
import { buildBridge } from './bridge';

contextBridge.exposeInMainWorld(
  'cardDesk',
  buildBridge({
    invoke: (channel, input, options) => ipcRenderer.invoke(channel, input, options),
    subscribe(event, listener) {
      const channel = `${EVENT_CHANNEL_PREFIX}${event}`;
      const wrapped = (_event: unknown, payload: unknown) => listener(payload);
      ipcRenderer.on(channel, wrapped);
      return () => {
        ipcRenderer.removeListener(channel, wrapped);
      };
    },
  }),
);
