// Renders the app icon, drawn once in build/icon.svg, to every size the installers want:
//   build/icons/png/<N>x<N>.png  Linux icon set (AppImage, deb, desktop entry), 16 to 1024 px
//   build/icons/icon.png         512 px, the window icon and the fallback for every platform
//   build/icons/icon.ico         Windows (NSIS installer and executable)
//   build/icons/icon.icns        macOS (app bundle and dmg)
// The folder is generated (git-ignored); `npm run package` and `npm run package:dir` run this first.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import png2icons from 'png2icons';

const here = dirname(fileURLToPath(import.meta.url));
export const ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];

/** The SVG rendered to a square PNG `size` pixels wide. */
export function renderPng(svg, size) {
  return new Resvg(svg, { fitTo: { mode: 'width', value: size }, background: 'rgba(0,0,0,0)' }).render().asPng();
}

export function renderIcons(svgFile = join(here, 'icon.svg'), outDir = join(here, 'icons')) {
  const svg = readFileSync(svgFile);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(join(outDir, 'png'), { recursive: true });
  const pngs = new Map(ICON_SIZES.map((size) => [size, renderPng(svg, size)]));
  for (const [size, png] of pngs) writeFileSync(join(outDir, 'png', `${size}x${size}.png`), png);
  writeFileSync(join(outDir, 'icon.png'), pngs.get(512));
  const ico = png2icons.createICO(pngs.get(256), png2icons.BICUBIC2, 0, false, true);
  const icns = png2icons.createICNS(pngs.get(1024), png2icons.BICUBIC2, 0);
  if (!ico || !icns) throw new Error('png2icons could not build the .ico or .icns file from the rendered PNG');
  writeFileSync(join(outDir, 'icon.ico'), ico);
  writeFileSync(join(outDir, 'icon.icns'), icns);
  return outDir;
}

// `node build/render-icons.mjs [OUT_DIR]` (default build/icons).
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const outDir = renderIcons(join(here, 'icon.svg'), process.argv[2] ?? join(here, 'icons'));
  console.log(`Icons rendered into ${outDir}`);
}
