// Electron's IPC as the transport for the dispatcher: one ipcMain.handle per contract channel, and
// events sent to every window. The dispatcher does the sender check and validation.
import { BrowserWindow, ipcMain, type IpcMainInvokeEvent } from 'electron';
import { CHANNEL_NAMES, EVENT_CHANNEL_PREFIX, type EventName } from '../../src-shared/ipc/names';
import type { Dispatch } from '../ipc/register';
import type { SenderInfo } from '../ipc/sender';

export function senderInfoOf(event: IpcMainInvokeEvent): SenderInfo {
  const frame = event.senderFrame;
  return { frameUrl: frame?.url ?? null, isTopFrame: !!frame && frame.parent === null };
}

export function registerIpcTransport(dispatch: Dispatch): void {
  for (const channel of CHANNEL_NAMES) {
    ipcMain.handle(channel, (event, input: unknown, options: unknown) =>
      dispatch(channel, senderInfoOf(event), input, options),
    );
  }
}

export function broadcast(name: EventName, payload: unknown): void {
  for (const win of BrowserWindow.getAllWindows()) {
    if (!win.isDestroyed()) win.webContents.send(`${EVENT_CHANNEL_PREFIX}${name}`, payload);
  }
}
