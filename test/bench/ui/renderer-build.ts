// The renderer as shipped (same config as `npm run build`, so minified), built into a folder of its own so
// the bench neither needs nor overwrites out/.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { rendererConfig } from '../../../renderer.vite.config';

export interface BuiltRenderer {
  dir: string;
  /** The largest JS file, in kB (1,000 bytes, as vite reports them). */
  largestJsKb: number;
  largestJsName: string;
}

export async function buildRenderer(outDir: string): Promise<BuiltRenderer> {
  await build({ ...rendererConfig, configFile: false, logLevel: 'warn', build: { ...rendererConfig.build, outDir } });
  const assets = join(outDir, 'assets');
  let largestJsKb = 0;
  let largestJsName = '';
  for (const name of readdirSync(assets).filter((n) => n.endsWith('.js'))) {
    const kb = statSync(join(assets, name)).size / 1000;
    if (kb > largestJsKb) [largestJsKb, largestJsName] = [kb, name];
  }
  return { dir: outDir, largestJsKb, largestJsName };
}
