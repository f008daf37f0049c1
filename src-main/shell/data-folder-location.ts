// Where Card Desk keeps its data: a folder named `card-desk` in the OS's per-user application data
// folder (~/.config on Linux, %APPDATA% on Windows, ~/Library/Application Support on macOS). Electron
// would name it after the product name ("Card Desk"); the name is fixed here so that data written by
// earlier versions, which were named after the package, stays where the app looks for it, in
// development and installed alike, and a later change of product name cannot orphan it.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { app } from 'electron';

export const DATA_FOLDER_NAME = 'card-desk';

export interface DataFolder {
  dataDir: string;
  /** Why the folder could not be created (start-up reports it in its error box), or null. */
  problem: Error | null;
}

/**
 * Creates the data folder and points Electron's userData at it (call before the app is ready). The folder
 * is created first: app.setPath throws for a folder that does not exist, as it would on a first start.
 * When it cannot be created, userData is left alone and the problem is returned for start-up to report.
 */
export function useDataFolder(): DataFolder {
  const dataDir = path.join(app.getPath('appData'), DATA_FOLDER_NAME);
  try {
    mkdirSync(dataDir, { recursive: true });
    app.setPath('userData', dataDir);
    return { dataDir, problem: null };
  } catch (error) {
    return { dataDir, problem: error instanceof Error ? error : new Error(String(error)) };
  }
}
