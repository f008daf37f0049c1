// An unsigned Apple Silicon build only starts with a valid (ad hoc) signature, which flipping the fuses
// breaks. electron-builder.yml asks @electron/fuses to sign the .app ad hoc again right after flipping
// (`resetAdHocDarwinSignature`). Here the fuse config electron-builder builds from electron-builder.yml
// flips a stand-in Card Desk.app, with a stand-in `codesign` on PATH recording how it is called.
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FuseState, FuseV1Options, flipFuses, getCurrentFuseWire, type FuseConfig } from '@electron/fuses';
import { PlatformPackager } from 'app-builder-lib';
import { afterAll, expect, it } from 'vitest';
import { REPO } from './fake-project';
import { DEFAULT_WIRE, FUSE_SENTINEL } from './stand-in-electron';

const dir = mkdtempSync(join(tmpdir(), 'card-desk-mac-fuses-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('signs the unsigned .app ad hoc again after flipping its fuses', async () => {
  // electron-builder.yml's electronFuses block: `  name: true|false` lines below `electronFuses:`.
  const yml = readFileSync(join(REPO, 'electron-builder.yml'), 'utf8');
  const block = /^electronFuses:\n((?:[ ]{2}.*\n|\n)+)/m.exec(yml)![1]!;
  const config = {
    electronFuses: Object.fromEntries(
      [...block.matchAll(/^ {2}(\w+): (true|false)$/gm)].map(([, name, value]) => [name, value === 'true']),
    ),
  };
  expect(Object.keys(config.electronFuses)).toContain('runAsNode');
  const generate = (PlatformPackager.prototype as unknown as Record<string, (fuses: object) => Promise<FuseConfig>>)
    .generateFuseConfig!;
  const fuseConfig = await generate.call({}, config.electronFuses);
  expect(fuseConfig).toMatchObject({ resetAdHocDarwinSignature: true });

  const app = join(dir, 'Card Desk.app');
  const executable = join(app, 'Contents/MacOS/Card Desk');
  // On macOS the fuse wire is in the Electron Framework binary inside the bundle.
  const framework = join(app, 'Contents/Frameworks/Electron Framework.framework');
  mkdirSync(join(app, 'Contents/MacOS'), { recursive: true });
  mkdirSync(framework, { recursive: true });
  writeFileSync(executable, '#!/bin/sh\n');
  writeFileSync(
    join(framework, 'Electron Framework'),
    Buffer.concat([
      Buffer.from(`# ${FUSE_SENTINEL}`),
      Buffer.from([1, DEFAULT_WIRE.length]),
      Buffer.from(DEFAULT_WIRE),
    ]),
  );
  const bin = join(dir, 'bin');
  const calls = join(dir, 'codesign-calls.txt');
  mkdirSync(bin);
  writeFileSync(join(bin, 'codesign'), `#!/bin/sh\necho "$@" >> "${calls}"\n`);
  chmodSync(join(bin, 'codesign'), 0o755);

  const path = process.env.PATH;
  process.env.PATH = `${bin}:${path}`;
  try {
    await flipFuses(executable, fuseConfig);
  } finally {
    process.env.PATH = path;
  }
  expect(readFileSync(calls, 'utf8').trim()).toBe(
    `--sign - --force --preserve-metadata=entitlements,requirements,flags,runtime --deep ${app}`,
  );
  const wire = await getCurrentFuseWire(executable);
  expect(wire[FuseV1Options.RunAsNode]).toBe(FuseState.DISABLE);
  expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(FuseState.ENABLE);
});
