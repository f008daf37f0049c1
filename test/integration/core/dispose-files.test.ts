// A disposed core holds no file of its data folder open. The log's file handle was once left open when the
// core had opened the log itself (the harness, the UI benchmark): Node closed it on garbage collection
// later, with a warning ("Closing a FileHandle object on garbage collection") in whatever ran next. What is
// checked is the process's open descriptors (/proc/self/fd), not the collector's timing.
import { mkdtempSync, readdirSync, readlinkSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppCore } from '../../../src-main/core/app-core';

const dataDir = mkdtempSync(join(tmpdir(), 'card-desk-dispose-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The files under `folder` this process has open. */
function openFilesUnder(folder: string): string[] {
  const open: string[] = [];
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      const target = readlinkSync(join('/proc/self/fd', fd));
      if (target.startsWith(`${folder}/`)) open.push(target);
    } catch {
      // closed while listed
    }
  }
  return open;
}

describe('disposing the core', () => {
  it('closes the log it opened, with every line written, and leaves no file of the data folder open', async () => {
    const core = await createAppCore({
      dataDir,
      saveFile: { chooseSavePath: async () => null },
      openExternal: async () => undefined,
      emit: () => undefined,
    });
    core.logger.info({ step: 'last' }, 'the last line before the core is disposed');
    const log = join(dataDir, 'logs', 'main.log');
    expect(openFilesUnder(dataDir)).toContain(log);
    await core.dispose();
    expect(openFilesUnder(dataDir)).toEqual([]);
    expect(readFileSync(log, 'utf8')).toContain('the last line before the core is disposed');
  });
});
