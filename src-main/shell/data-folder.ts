// Where Card Desk keeps its data: a folder named `card-desk` in the OS's per-user application data
// folder (~/.config on Linux, %APPDATA% on Windows, ~/Library/Application Support on macOS). Electron
// would name it after the product name ("Card Desk"); the name is fixed here so that data written by
// earlier versions, which were named after the package, stays where the app looks for it, in
// development and installed alike, and a later change of product name cannot orphan it.
import path from 'node:path';
import { app } from 'electron';

export const DATA_FOLDER_NAME = 'card-desk';

/** Points Electron's userData at the data folder (call before the app is ready) and returns it. */
export function useDataFolder(): string {
  const dataDir = path.join(app.getPath('appData'), DATA_FOLDER_NAME);
  app.setPath('userData', dataDir);
  return dataDir;
}
