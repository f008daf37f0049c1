// The icon is drawn once (build/icon.svg) and rendered by build/render-icons.mjs to what each platform
// wants: a PNG set for Linux, a multi-size .ico for Windows, an .icns for macOS.
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { REPO, run } from './fake-project';

let out: string;
beforeAll(async () => {
  out = join(mkdtempSync(join(tmpdir(), 'card-desk-icons-')), 'icons');
  const r = await run(process.execPath, ['build/render-icons.mjs', out], { cwd: REPO });
  if (r.code !== 0) throw new Error(r.stderr);
}, 60_000);
afterAll(() => rmSync(join(out, '..'), { recursive: true, force: true }));

/** Width and height from a PNG's IHDR chunk. */
function pngSize(png: Buffer): [number, number] {
  expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

it('renders square PNGs of every size, named as the Linux icon set wants', () => {
  const names = readdirSync(join(out, 'png')).sort((a, b) => parseInt(a) - parseInt(b));
  expect(names).toEqual(['16', '24', '32', '48', '64', '128', '256', '512', '1024'].map((n) => `${n}x${n}.png`));
  for (const name of names) {
    const size = parseInt(name);
    expect(pngSize(readFileSync(join(out, 'png', name))), name).toEqual([size, size]);
  }
  expect(pngSize(readFileSync(join(out, 'icon.png')))).toEqual([512, 512]);
});

it('builds a Windows .ico holding the small sizes up to 256 px', () => {
  const ico = readFileSync(join(out, 'icon.ico'));
  expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
  const count = ico.readUInt16LE(4);
  // Width byte 0 means 256 in the ICO directory.
  const widths = Array.from({ length: count }, (_, i) => ico[6 + i * 16] || 256);
  expect(widths).toEqual(expect.arrayContaining([16, 32, 48, 256]));
});

it('builds a macOS .icns whose length field matches the file', () => {
  const icns = readFileSync(join(out, 'icon.icns'));
  expect(icns.subarray(0, 4).toString('latin1')).toBe('icns');
  expect(icns.readUInt32BE(4)).toBe(icns.length);
  // ic10: the 1024 px (512@2x) image Retina displays use.
  expect(icns.includes(Buffer.from('ic10'))).toBe(true);
});
