// A folder like Electron's Linux zip for `-c.electronDist=FOLDER`: an `electron` executable that carries
// Electron's fuse sentinel and a fuse wire (so @electron/fuses flips it for real) and a `version` file.
// The executable is a shell script; `body` is what it does when started.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO } from './fake-project';

/** Electron's fuse sentinel (@electron/fuses finds the wire right after it in the executable). */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron's default fuses, in wire order: RunAsNode on, cookie encryption off, NODE_OPTIONS on, … */
export const DEFAULT_WIRE = '101100011';
export const ELECTRON_VERSION = JSON.parse(readFileSync(join(REPO, 'node_modules/electron/package.json'), 'utf8'))
  .version as string;

export function standInElectronDist(body = 'echo "stand-in Electron"'): string {
  const dir = mkdtempSync(join(tmpdir(), 'card-desk-electron-dist-'));
  const executable = Buffer.concat([
    Buffer.from(`#!/bin/sh\n# ${FUSE_SENTINEL}`),
    Buffer.from([1, DEFAULT_WIRE.length]),
    Buffer.from(`${DEFAULT_WIRE}\n${body}\n`),
  ]);
  writeFileSync(join(dir, 'electron'), executable, { mode: 0o755 });
  writeFileSync(join(dir, 'version'), ELECTRON_VERSION);
  return dir;
}
