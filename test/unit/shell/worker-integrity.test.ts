// The cache worker's file is checked against the SHA-256 the build put into main before it is started.
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyWorkerFile } from '../../../src-main/shell/worker-integrity';

let dir: string;
beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'card-desk-worker-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('the cache worker check', () => {
  it('accepts the file the build hashed', async () => {
    const file = join(dir, 'cache-worker.js');
    writeFileSync(file, 'export {};\n');
    await expect(verifyWorkerFile(pathToFileURL(file), sha256('export {};\n'))).resolves.toBeUndefined();
  });

  it('refuses a changed file, naming it', async () => {
    const file = join(dir, 'cache-worker.js');
    writeFileSync(file, 'export {};\nprocess.exit(7);\n');
    await expect(verifyWorkerFile(pathToFileURL(file), sha256('export {};\n'))).rejects.toThrow(
      `The cache worker ${file} has been changed since this version was built`,
    );
  });

  it('refuses a missing file, naming it', async () => {
    const file = join(dir, 'cache-worker.js');
    await expect(verifyWorkerFile(pathToFileURL(file), sha256(''))).rejects.toThrow(
      `The cache worker ${file} is missing`,
    );
  });
});
