// The save-file port as a native dialog.
import { BrowserWindow, dialog } from 'electron';
import type { SaveFilePort } from '../ports/ports';

export function nativeSaveFilePort(): SaveFilePort {
  return {
    async chooseSavePath(suggestedName) {
      const parent = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
      const options = { defaultPath: suggestedName, filters: [{ name: 'CSV', extensions: ['csv'] }] };
      const result = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? null : result.filePath;
    },
  };
}
