// The app's composition root for integration tests: the real core on a data folder, with nowhere to save
// to, no browser to open, no window to tell, and its log in that folder. A test passes what it needs to see.
import { join } from 'node:path';
import { createAppCore, type AppCore } from '../../../src-main/core/app-core';
import { createLogger } from '../../../src-main/logging/logger';

type AppCoreOptions = Parameters<typeof createAppCore>[0];

export function testAppCore(dataDir: string, options: Partial<AppCoreOptions> = {}): Promise<AppCore> {
  return createAppCore({
    dataDir,
    saveFile: { chooseSavePath: async () => null },
    openExternal: async () => undefined,
    emit: () => undefined,
    logger: createLogger({ file: join(dataDir, 'logs', 'main.log') }),
    ...options,
  });
}
